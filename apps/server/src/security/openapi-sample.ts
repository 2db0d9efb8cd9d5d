/**
 * Builds a minimal valid request for an operation of the OpenAPI document (for the authorisation
 * matrix): required query and body fields generated from their JSON schemas, `userId`/`userID`
 * set to the caller, path parameters 'x' (or the first enum value). Good enough for most routes;
 * a route whose rules go beyond its schema gives a `sample` in test/access-samples/<feature>.ts.
 */

/** A JSON schema node as @fastify/swagger emits it (the parts used here). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
}

/** One operation. */
export interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The document (the parts used here). */
export interface OpenApiDoc {
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OpenApiOperation>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

function resolve(doc: OpenApiDoc, s: JsonSchema): JsonSchema {
  let cur = s;
  for (let i = 0; cur.$ref && i < 10; i++) {
    const name = cur.$ref.split('/').pop()!;
    cur = doc.components?.schemas?.[name] ?? {};
  }
  return cur;
}

const USER_ID_FIELD = /^user[iI][dD]$/;

/** A value that satisfies `schema` (required fields only), `userId` for user-id fields. */
export function sampleValue(doc: OpenApiDoc, schema: JsonSchema | undefined, userId: string, name?: string): unknown {
  if (!schema) return undefined;
  const s = resolve(doc, schema);
  if (name && USER_ID_FIELD.test(name)) return userId;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) {
    const pick = alt.find((a) => resolve(doc, a).type !== 'null') ?? alt[0];
    return sampleValue(doc, pick, userId, name);
  }
  if (s.allOf?.length) return sampleValue(doc, Object.assign({}, ...s.allOf.map((a) => resolve(doc, a))) as JsonSchema, userId, name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleValue(doc, s.properties?.[key], userId, key);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleValue(doc, s.items, userId));
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'email') return 'matrix@example.org';
      if (s.format === 'date-time') return new Date().toISOString();
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return s.properties ? sampleValue(doc, { ...s, type: 'object' }, userId, name) : 'x';
  }
}

/** URL (path params filled, required query) and JSON body of a minimal request to `path`. */
export function sampleFromOperation(doc: OpenApiDoc, path: string, op: OpenApiOperation, userId: string): { url: string; body?: unknown } {
  let url = path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(sampleValue(doc, p.schema, userId, p.name) ?? 'x')));
    if (p.in === 'query' && (p.required || USER_ID_FIELD.test(p.name)))
      query.set(p.name, String(sampleValue(doc, p.schema, userId, p.name)));
  }
  url = url.replace(/\{[^}]+\}/g, 'x');
  const qs = query.toString();
  const schema = op.requestBody?.content?.['application/json']?.schema;
  return { url: qs ? `${url}?${qs}` : url, ...(schema ? { body: sampleValue(doc, schema, userId) } : {}) };
}

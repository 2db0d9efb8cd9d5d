import type { FastifyContextConfig, FastifyInstance, FastifySchema, FastifySchemaValidationError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../security/access.ts';
import { ApiError } from './errors.ts';

import { errorResponse } from '@ulca/contracts';

// The error and message bodies, and the user-management path prefix, are contracts (see docs/api.md#errors).
export { errorResponse, messageResponse, USERS_PATH } from '@ulca/contracts';

/**
 * The error part of a route's `response` map: each status in `codes` (e.g. 400, 401, 404) answers
 * the one error body of docs/api.md#errors. Spread next to the 200: `{ 200: x, ...errorResponses(400, 401) }`.
 */
export function errorResponses<C extends number>(...codes: C[]): Record<C, typeof errorResponse> {
  return Object.fromEntries(codes.map((c) => [c, errorResponse])) as Record<C, typeof errorResponse>;
}

/** OpenAPI `security` of a signed route: the signature v2 headers (securitySchemes in app.ts). */
export const SIGNED = [{ key: [], sig: [], payload: [], timestamp: [], nonce: [] }];

/** What a route declares beside its access and schema: a larger body limit (bytes), or more of its `config`. */
export interface RouteExtras {
  bodyLimit?: number;
  config?: Omit<FastifyContextConfig, 'access'>;
}

/** The options `route(access, schema, extras)` gives: who may call, the schema with its tags (and SIGNED security), the extras. */
export interface RouteOptions<S extends FastifySchema> {
  bodyLimit?: number;
  config: FastifyContextConfig & { access: RouteAccess };
  schema: S & { tags: readonly string[]; security?: typeof SIGNED };
}

/**
 * The route-options builder of one route file, for its OpenAPI `tags` (e.g. `['models']`):
 * `app.get(path, route(access, { summary, querystring, response }), handler)` declares who may call
 * (`config.access`, applied by the access hook of security/access.ts) and the schema under those
 * tags; a signed-in route's schema also names the signature headers (`security: SIGNED`). A schema's
 * own `tags` win over the file's; `extras` adds a body limit or more config.
 */
export function routeOptionsFor(tags: readonly string[]) {
  return <S extends FastifySchema>(access: RouteAccess, schema: S, extras: RouteExtras = {}): RouteOptions<S> => ({
    ...(extras.bodyLimit === undefined ? {} : { bodyLimit: extras.bodyLimit }),
    config: { ...extras.config, access },
    schema: { tags, ...(access.kind === 'signed-in' ? { security: SIGNED } : {}), ...schema },
  });
}

/**
 * What a route file's plugin declares its routes with: `app`, the instance typed by the zod schemas
 * (request and reply types follow each route's schema), and `route`, the options builder of
 * {@link routeOptionsFor} for the file's OpenAPI `tags`.
 */
export function typedRoutes(fastify: FastifyInstance, tags: readonly string[]) {
  return { app: fastify.withTypeProvider<ZodTypeProvider>(), route: routeOptionsFor(tags) };
}

/** The 400 text when a failed schema gave no message of its own (docs/product.md#messages). */
const INPUT_MESSAGE = 'Something wrong with the input you supplied, please verify and try again!';

/**
 * The one 400 of a request whose body, query or parameters failed the route's schema (each is
 * checked once, by the route's validator; docs/api.md#errors): `VALIDATION_FAILED`, the message
 * of the first field (a schema's own wording, e.g. 'Name is not proper'), and `errors` listing
 * every field (`data.email`; '' for the whole value). An unknown key is named as its own field
 * (`criterions.0.op`, "Unknown field 'op'."), where zod reports it on the parent object.
 */
export function schemaValidationError(validation: readonly FastifySchemaValidationError[]): ApiError {
  const errors = validation.flatMap((v) => {
    const field = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const keys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: unknown }).keys : undefined;
    if (Array.isArray(keys) && keys.length > 0)
      return keys.map((k) => ({ field: field ? `${field}.${String(k)}` : String(k), message: `Unknown field '${String(k)}'.` }));
    return [{ field, message: v.message ?? INPUT_MESSAGE }];
  });
  return new ApiError(400, 'VALIDATION_FAILED', errors[0]?.message ?? INPUT_MESSAGE, errors);
}

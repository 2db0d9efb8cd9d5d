/**
 * The ULCA model descriptor: the JSON file a contributor uploads to register a model that runs
 * at their own inference endpoint (docs/product.md#screens "Model submission", issue 11 item 1;
 * ulca-reference/specs/model-schema.yml `Model`, common-schemas.yml). Field names are the
 * reference's.
 *
 * Strictness, decided per level (the original read descriptors into typed classes; its published
 * model descriptors add fields only inside the inference schema):
 * - strict (an unknown key is an error naming it): the descriptor, `task`, `languages[]`,
 *   `submitter` (+ `team[]`, `oauthId`), `trainingDataset`, `inferenceEndPoint`,
 *   `inferenceApiKey`, `asyncApiDetails`, `modelProcessingType`;
 * - loose (unknown keys kept): the inference `schema` (examples list capabilities such as
 *   `supportedInputAudioFormat`) and everything in its example request and response, which are
 *   forwarded to the endpoint as written (see inference.ts).
 *
 * A field given as JSON `null` counts as absent (withoutNullFields runs first): `"languages": null`
 * is how the detection examples say "any language"; a required field sent as null is reported
 * missing.
 *
 * Deviations from model-schema.yml, each needed by the published examples or by the product:
 * - `version` may be omitted and defaults to "v1.0" (docs/product.md#entities-and-fields).
 * - `languages` is required except for the detection tasks (LANGUAGE_FREE_TASKS), as the original
 *   server checks; translation and transliteration pairs need `targetLanguage`, translation's
 *   different from the source.
 * - A translation pair may name the same language twice when the scripts differ (sourceScriptCode
 *   and targetScriptCode given and different): script conversion models such as ks Aran → Deva.
 * - Submitter and team `oauthId.provider` is free text (an example names "microsoft"); team
 *   member names need 3..50 characters, as for datasets (the reference says 5).
 * - `trainingDataset.datasetId` may be empty (twelve NER examples send "").
 * - `license: "null"` (one published example) reads as `unknown-license` (LICENSE_ALIASES).
 * - `inferenceEndPoint.schema` may be a list of per-language schemas of the same task (the
 *   multilingual NER example); it may be omitted for an async endpoint (`isSyncApi: false`) whose
 *   `asyncApiDetails.asyncApiSchema` carries the example request (the async translation example).
 * - `supportedVoices` (TTS) is optional: no published TTS example gives it; absent means the
 *   voices the example request's gender names.
 * - `callbackUrl` must be an absolute http(s) or ws(s) URL (streaming examples use wss://);
 *   `refUrl`, `licenseUrl` and `pollingUrl` an absolute http(s) URL (never javascript: or data:). Whether the host may be called is the
 *   server's guarded-fetch rule, not the contract's.
 *
 * Refinement issues carry `params.ulcaCode` (MISSING_FIELD or INVALID_VALUE), as datasets.ts does.
 */
import { z } from 'zod';
import { DOMAIN_CODES, LICENSE_CODES, NER_TAG_FORMATS, type License } from '../enums.ts';
import { languagePairSchema, withoutNullFields, type UlcaIssueCode } from '../datasets.ts';
import {
  INFERENCE_TASKS,
  LANGUAGE_FREE_TASKS,
  PAIRED_INFERENCE_TASKS,
  inferenceRequestSchemas,
  inferenceResponseSchemas,
  type InferenceTask,
} from './tasks.ts';
import { findTextProblem } from '../text-fields.ts';

/** Version given to a descriptor that states none (docs/product.md#entities-and-fields: "version (default v1.0)"). */
export const DEFAULT_MODEL_VERSION = 'v1.0';

/** Licence spellings seen in published descriptors, mapped to the licence they mean. */
export const LICENSE_ALIASES: Readonly<Record<string, License>> = { null: 'unknown-license' };

/** A licence code; aliases (LICENSE_ALIASES) are rewritten first. */
const licenseCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' && Object.hasOwn(LICENSE_ALIASES, v) ? LICENSE_ALIASES[v] : v),
  z.enum(LICENSE_CODES),
);

/** URL schemes a model endpoint may use: http(s) for batch calls, ws(s) for streaming models. */
const endpointUrl = z.url({ protocol: /^(https?|wss?)$/, error: 'must be an absolute http(s):// or ws(s):// URL' }).max(2000);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s):// URL' }).max(2000);

/** Inference types (common-schemas ModelProcessingType); absent means batch. */
export const MODEL_PROCESSING_TYPES = ['batch', 'streaming'] as const;
export const modelProcessingTypeSchema = z.strictObject({ type: z.enum(MODEL_PROCESSING_TYPES) });

/** TTS voices (model-schema VoiceTypes). */
export const VOICE_TYPES = ['male', 'female'] as const;

/**
 * The inference schema of one task (model-schema TranslationInference, ASRInference, …):
 * `{taskType, request (the example request sent at upload and by the health job), response?
 * (a sample answer), modelProcessingType?}`; TTS adds `supportedVoices`, NER needs `tagsFormat`.
 */
function taskInferenceSchema<T extends InferenceTask>(task: T) {
  return z.looseObject({
    taskType: z.literal(task),
    modelProcessingType: modelProcessingTypeSchema.optional(),
    request: inferenceRequestSchemas[task] as (typeof inferenceRequestSchemas)[T],
    response: (inferenceResponseSchemas[task] as (typeof inferenceResponseSchemas)[T]).optional(),
  });
}

/**
 * The inference schema of each task: tts adds `supportedVoices`, ner needs `tagsFormat`. A lookup
 * over every task, so that a task added to the registry (tasks.ts) must be given one here.
 */
const taskInferenceSchemas = {
  translation: taskInferenceSchema('translation'),
  transliteration: taskInferenceSchema('transliteration'),
  asr: taskInferenceSchema('asr'),
  tts: taskInferenceSchema('tts').extend({
    supportedVoices: z.array(z.enum(VOICE_TYPES)).min(1).optional().describe('Voices the model can speak'),
  }),
  ocr: taskInferenceSchema('ocr'),
  ner: taskInferenceSchema('ner').extend({ tagsFormat: z.enum(NER_TAG_FORMATS) }),
  'txt-lang-detection': taskInferenceSchema('txt-lang-detection'),
  'audio-lang-detection': taskInferenceSchema('audio-lang-detection'),
  'audio-gender-detection': taskInferenceSchema('audio-gender-detection'),
  'img-lang-detection': taskInferenceSchema('img-lang-detection'),
  itn: taskInferenceSchema('itn'),
  'text-normalization': taskInferenceSchema('text-normalization'),
} satisfies Record<InferenceTask, z.ZodType>;

type TaskInferenceSchemaOf = (typeof taskInferenceSchemas)[InferenceTask];

/** The inference schema of any task, chosen by `taskType` (model-schema InferenceAPIEndPoint.schema, discriminator taskType). */
export const inferenceSchemaSchema = z.discriminatedUnion(
  'taskType',
  INFERENCE_TASKS.map((t) => taskInferenceSchemas[t]) as [TaskInferenceSchemaOf, ...TaskInferenceSchemaOf[]],
);
export type InferenceSchema = z.infer<typeof inferenceSchemaSchema>;

const inferenceSchemaList = z.array(inferenceSchemaSchema).min(1);

/**
 * `schema`: one inference schema, or a non-empty list of them (one per language of a
 * multilingual endpoint). Dispatches on Array.isArray rather than a zod union so that an error
 * keeps its own path (a union reports only "Invalid input" at the top).
 */
const oneOrManyInferenceSchemas = z.unknown().transform((v, ctx): InferenceSchema | InferenceSchema[] => {
  const r = Array.isArray(v) ? inferenceSchemaList.safeParse(v) : inferenceSchemaSchema.safeParse(v);
  if (r.success) return r.data;
  for (const issue of r.error.issues) ctx.issues.push({ ...issue, input: v } as z.core.$ZodRawIssue);
  // The raw value stays visible to checkSchemaTask (the parse fails anyway).
  return v as InferenceSchema;
});

/** A request or response of the async flow: loose here; the request is checked against the task in the descriptor refinement. */
const asyncStepSchema = z.looseObject({
  taskType: z.enum(INFERENCE_TASKS).optional(),
  type: z.string().optional().describe('Name of the async schema, e.g. TranslationAsyncInference'),
  modelProcessingType: modelProcessingTypeSchema.optional(),
  request: z.looseObject({}),
  response: z.looseObject({}).optional(),
});

/**
 * Async endpoints (model-schema AsyncApiDetails): the call answers a `requestId`
 * (`asyncApiSchema`), then `pollingUrl` is polled every `pollInterval` milliseconds with
 * `{requestId}` (`asyncApiPollingSchema`) until the task's answer arrives.
 */
export const asyncApiDetailsSchema = z.strictObject({
  pollingUrl: httpUrl,
  pollInterval: z.int().min(1).max(3_600_000).describe('Polling interval in milliseconds'),
  asyncApiSchema: asyncStepSchema.optional(),
  asyncApiPollingSchema: asyncStepSchema.optional(),
});

/**
 * Header the platform sends to the endpoint: `name` (default `Authorization`) and its `value`.
 * Secret: the server encrypts it at rest and never returns it.
 */
export const inferenceApiKeySchema = z.strictObject({
  name: z.string().min(1).max(200).default('Authorization'),
  value: z.string().min(1).max(4000),
});

/**
 * Where and how the model is called (model-schema InferenceAPIEndPoint): `callbackUrl`,
 * optional `inferenceApiKey`, the task's inference `schema` with its example request,
 * `isSyncApi` (absent = sync) and `asyncApiDetails` for async endpoints.
 */
export const inferenceEndPointSchema = z.strictObject({
  callbackUrl: endpointUrl,
  inferenceApiKey: inferenceApiKeySchema.optional(),
  isMultilingualEnabled: z.boolean().optional().describe('The same callbackUrl serves several languages'),
  schema: oneOrManyInferenceSchemas.optional(),
  isSyncApi: z.boolean().optional().describe('false: the call answers a requestId and pollingUrl gives the result'),
  asyncApiDetails: asyncApiDetailsSchema.optional(),
});
export type InferenceEndPoint = z.infer<typeof inferenceEndPointSchema>;

/**
 * An OAuth identity of a submitter or team member (common-schemas OAuthIdentity). `provider` is
 * free text here: published descriptors name providers outside the enumeration ("microsoft"),
 * which the original read as unknown rather than refusing.
 */
const modelOauthIdentitySchema = z.strictObject({
  identifier: z.string().max(200).optional(),
  oauthId: z.string().max(500).optional(),
  provider: z.string().max(100).optional(),
});

/** A team member (common-schemas Contributor); names of 3..50 characters, as for datasets. */
const modelContributorSchema = z.strictObject({
  name: z.string().trim().min(3).max(50),
  oauthId: modelOauthIdentitySchema.optional(),
  aboutMe: z.string().max(2000).optional(),
});

/** Who submits the model (common-schemas Submitter): `name` (3..50 characters), `aboutMe`, `team`. */
export const modelSubmitterSchema = z.strictObject({
  name: z.string().trim().min(3).max(50),
  oauthId: modelOauthIdentitySchema.optional(),
  aboutMe: z.string().max(2000).optional(),
  team: z.array(modelContributorSchema).max(200).optional(),
});

/** Training data of the model (model-schema TrainingDataset): `description`, and a ULCA `datasetId` when it came from here. */
export const trainingDatasetSchema = z.strictObject({
  datasetId: z.string().max(200).optional().describe('A ULCA dataset id; empty means none'),
  description: z.string().min(1).max(5000),
});

/** Shape of a descriptor before the cross-field rules (model-schema Model). */
const descriptorObject = z.strictObject({
  name: z.string().trim().min(5).max(100).describe('Name users see, 5..100 characters'),
  version: z.string().trim().min(1).max(20).default(DEFAULT_MODEL_VERSION),
  description: z.string().trim().min(25).max(1000).describe('What the model does, 25..1000 characters'),
  refUrl: z.string().trim().pipe(httpUrl.max(200)).optional().describe('Link giving more about the model (shown as "Source URL")'),
  task: z.strictObject({ type: z.enum(INFERENCE_TASKS) }),
  languages: z.array(languagePairSchema).min(1).max(500).optional(),
  isLangDetectionEnabled: z.boolean().optional(),
  isMultilingual: z.boolean().optional(),
  license: licenseCodeSchema,
  licenseUrl: httpUrl.optional().describe('Required when license is custom-license'),
  domain: z.array(z.enum(DOMAIN_CODES)).min(1).max(DOMAIN_CODES.length),
  submitter: modelSubmitterSchema,
  inferenceEndPoint: inferenceEndPointSchema,
  trainingDataset: trainingDatasetSchema,
});
type DescriptorObject = z.output<typeof descriptorObject>;

function issue(ctx: z.RefinementCtx, path: (string | number)[], message: string, ulcaCode: UlcaIssueCode) {
  ctx.addIssue({ code: 'custom', path, message, params: { ulcaCode } });
}

/**
 * The inference schema must be the descriptor's task. Reads the value defensively: it runs even
 * when other fields failed, so that a descriptor whose `schema.taskType` names another task hears
 * that beside the field errors of the other task's request.
 */
function checkSchemaTask(value: unknown, ctx: z.RefinementCtx) {
  const d = value as { task?: { type?: unknown }; inferenceEndPoint?: { schema?: unknown } } | null;
  const task = d?.task?.type;
  const schema = d?.inferenceEndPoint?.schema;
  if (typeof task !== 'string' || !(INFERENCE_TASKS as readonly string[]).includes(task) || !schema || typeof schema !== 'object') return;
  const list: unknown[] = Array.isArray(schema) ? schema : [schema];
  list.forEach((s, i) => {
    const taskType = (s as { taskType?: unknown } | null)?.taskType;
    // An unknown taskType is reported by the schema's own discriminator.
    if (typeof taskType === 'string' && taskType !== task && (INFERENCE_TASKS as readonly string[]).includes(taskType)) {
      const path = Array.isArray(schema) ? ['inferenceEndPoint', 'schema', i, 'taskType'] : ['inferenceEndPoint', 'schema', 'taskType'];
      issue(ctx, path, `taskType '${taskType}' must equal task.type '${task}'`, 'INVALID_VALUE');
    }
  });
}

/** Cross-field rules: languages against the task, the custom licence URL, sync/async and the async example request. */
function refineDescriptor(d: DescriptorObject, ctx: z.RefinementCtx) {
  const task = d.task.type;
  if (!d.languages && !LANGUAGE_FREE_TASKS.includes(task)) {
    issue(ctx, ['languages'], `missing required field 'languages' (required for ${task})`, 'MISSING_FIELD');
  }
  d.languages?.forEach((l, i) => {
    if (PAIRED_INFERENCE_TASKS.includes(task) && !l.targetLanguage) {
      issue(ctx, ['languages', i, 'targetLanguage'], `missing required field 'targetLanguage' (required for ${task})`, 'MISSING_FIELD');
    }
    // Same language is a script conversion (ks Aran -> ks Deva): the scripts must then say so.
    if (
      task === 'translation' &&
      l.targetLanguage === l.sourceLanguage &&
      (!l.sourceScriptCode || l.sourceScriptCode === l.targetScriptCode)
    ) {
      issue(
        ctx,
        ['languages', i, 'targetLanguage'],
        `targetLanguage must differ from sourceLanguage '${l.sourceLanguage}' unless targetScriptCode differs from sourceScriptCode`,
        'INVALID_VALUE',
      );
    }
  });
  if (d.license === 'custom-license' && !d.licenseUrl) {
    issue(ctx, ['licenseUrl'], "missing required field 'licenseUrl' (required when license is 'custom-license')", 'MISSING_FIELD');
  }

  const ep = d.inferenceEndPoint;
  const async = ep.isSyncApi === false;
  if (async && !ep.asyncApiDetails) {
    issue(
      ctx,
      ['inferenceEndPoint', 'asyncApiDetails'],
      "missing required field 'asyncApiDetails' (required when isSyncApi is false)",
      'MISSING_FIELD',
    );
  }
  const asyncSchema = ep.asyncApiDetails?.asyncApiSchema;
  if (async && asyncSchema) {
    // The async example request is the one sent at upload and by the health job: check it as the task's request.
    const r = inferenceRequestSchemas[task].safeParse(asyncSchema.request);
    for (const iss of r.error?.issues ?? []) {
      ctx.addIssue({
        ...iss,
        path: ['inferenceEndPoint', 'asyncApiDetails', 'asyncApiSchema', 'request', ...iss.path],
      } as z.core.$ZodRawIssue);
    }
    if (asyncSchema.taskType && asyncSchema.taskType !== task) {
      issue(
        ctx,
        ['inferenceEndPoint', 'asyncApiDetails', 'asyncApiSchema', 'taskType'],
        `taskType '${asyncSchema.taskType}' must equal task.type '${task}'`,
        'INVALID_VALUE',
      );
    }
  }
  if (ep.schema === undefined && !(async && asyncSchema)) {
    issue(
      ctx,
      ['inferenceEndPoint', 'schema'],
      "missing required field 'schema' (the task's inference schema with its example request)",
      'MISSING_FIELD',
    );
  }
}

/**
 * A model descriptor (model-schema.yml `Model`) for every task of INFERENCE_TASKS:
 * `{name, version (default v1.0), description, refUrl?, task:{type}, languages?[{sourceLanguage,
 * targetLanguage?…}], license, licenseUrl?, domain[], submitter{name, aboutMe?, team?},
 * inferenceEndPoint{callbackUrl, inferenceApiKey?{name,value}, schema{taskType, request,
 * response?, modelProcessingType?, supportedVoices?}, isSyncApi?, asyncApiDetails?},
 * trainingDataset{description, datasetId?}}`. JSON nulls are dropped first. See the file header
 * for strictness and the deviations from the reference.
 */
export const modelDescriptorSchema = z.preprocess(
  (v) => withoutNullFields(v),
  descriptorObject
    // Runs even when fields failed, so that a schema of another task is named as such.
    .check(z.superRefine(checkSchemaTask, { when: () => true }))
    .superRefine(refineDescriptor),
);
export type ModelDescriptor = z.output<typeof modelDescriptorSchema>;

/** One field error of a descriptor: dotted `path` ('' for the whole file), a readable `message`, the zod `code`. */
export interface DescriptorFieldError {
  path: string;
  message: string;
  code: string;
}

/** Result of parseModelDescriptor. */
export type DescriptorParseResult = { success: true; data: ModelDescriptor } | { success: false; errors: DescriptorFieldError[] };

/** Readable message for a zod issue of a descriptor (the path is reported beside it): names missing fields, unknown keys and the refused value. */
function messageOf(iss: z.core.$ZodIssue, input: unknown): string {
  const key = iss.path.length ? String(iss.path[iss.path.length - 1]) : '';
  let value: unknown = input;
  for (const p of iss.path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[p] : undefined;
  const shown = JSON.stringify(value)?.slice(0, 80);
  if (
    value === undefined &&
    iss.path.length &&
    (iss.code === 'invalid_type' || iss.code === 'invalid_value' || iss.code === 'invalid_union')
  ) {
    return `missing required field '${key}'`;
  }
  switch (iss.code) {
    case 'invalid_type':
      return `must be ${iss.expected === 'int' ? 'an integer' : /^[aeiou]/.test(iss.expected) ? `an ${iss.expected}` : `a ${iss.expected}`}, got ${shown}`;
    case 'unrecognized_keys':
      return `unknown field${iss.keys.length > 1 ? 's' : ''} ${iss.keys.map((k) => `'${k}'`).join(', ')}`;
    case 'invalid_value':
      if (key === 'type' && iss.path[0] === 'task' && iss.path.length === 2)
        return `unknown task ${shown}; expected one of ${INFERENCE_TASKS.join(', ')}`;
      if (/Language$/.test(key)) return `unknown language code ${shown}`;
      return `${shown} is not allowed; expected one of ${iss.values.map((x) => JSON.stringify(x)).join(', ')}`;
    case 'invalid_union':
      if ('discriminator' in iss && iss.discriminator) return `unknown ${key} ${shown}; expected one of ${INFERENCE_TASKS.join(', ')}`;
      return iss.message;
    case 'too_small':
    case 'too_big':
      return iss.message
        .replace(/^Too (small|big): expected /, 'must be ')
        .replace(/^(must be) string to have /, 'must have ')
        .replace(/^(must be) array to have /, 'must have ');
    default:
      return iss.message;
  }
}

/**
 * Parses an uploaded descriptor file's text: strips a UTF-8 byte-order mark (nine published
 * examples start with one), parses JSON, checks modelDescriptorSchema. Never throws; on failure
 * returns one error per field path (path '' when the file is not JSON or not an object).
 */
export function parseModelDescriptor(text: string): DescriptorParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { success: false, errors: [{ path: '', code: 'invalid_json', message: `the file is not valid JSON: ${(e as Error).message}` }] };
  }
  // The rule of every API input (text-fields.ts): no NUL, bounded depth and size, before any schema walks it.
  const problem = findTextProblem(json);
  if (problem) return { success: false, errors: [{ path: problem.field, code: 'invalid_text', message: problem.message }] };
  return checkModelDescriptor(json);
}

/** Checks an already-parsed descriptor value; the result as parseModelDescriptor's. */
export function checkModelDescriptor(value: unknown): DescriptorParseResult {
  const r = modelDescriptorSchema.safeParse(value);
  if (r.success) return { success: true, data: r.data };
  const input = withoutNullFields(value);
  const errors = r.error.issues.map((iss) => ({ path: iss.path.map(String).join('.'), code: iss.code, message: messageOf(iss, input) }));
  // A schema of another task is the cause of its request's field errors: name it first.
  const mismatch = (e: DescriptorFieldError) => (e.code === 'custom' && e.path.endsWith('taskType') ? 0 : 1);
  return { success: false, errors: errors.sort((a, b) => mismatch(a) - mismatch(b)) };
}

/**
 * The models API (docs/product.md#screens, docs/product.md#entities-and-fields, docs/api.md#route-groups paths): shapes shared by the server's models,
 * inference, health and feedback features, the web app's model pages and the docs. Field names are
 * the original ULCA's (ModelExtended / ModelListResponseDto, ModelStatusChangeRequest,
 * ModelFeedbackSubmitRequest, ModelHealthStatus) so that its web client keeps working.
 *
 * What never appears in an answer: `inferenceEndPoint.callbackUrl`, `inferenceApiKey`, the async
 * polling URL (docs/benchmarks.md#metrics: they never reach a browser).
 */
import { z } from 'zod';
import { INFERENCE_TASKS } from '../models/tasks.ts';
import { readyMadeCardSchema } from '../model-search.ts';

// ---------------------------------------------------------------------------------------------
// Paths (docs/api.md#route-groups)

export const MODEL_API = {
  upload: '/ulca/apis/v0/model/upload',
  listByUserId: '/ulca/apis/v0/model/listByUserId',
  search: '/ulca/apis/v0/model/search',
  getModel: '/ulca/apis/v0/model/getModel',
  statusChange: '/ulca/apis/v0/model/status/change',
  compute: '/ulca/apis/v0/model/compute',
  computeSpeech: '/ulca/apis/asr/v1/model/compute',
  tryMe: '/ulca/apis/v0/model/tryMe',
  feedbackSubmit: '/ulca/apis/v0/model/feedback/submit',
  feedbackList: '/ulca/apis/v0/model/feedback/list',
  health: '/ulca/apis/v0/model/getModelHealthStatus',
  transliterationModelId: '/ulca/apis/v0/model/getTransliterationModelId',
} as const;

// ---------------------------------------------------------------------------------------------
// Statuses (docs/product.md#states-and-transitions)

/** A model's publication status: new models start `unpublished`; the owner (or an admin) publishes. */
export const MODEL_STATUSES = ['published', 'unpublished'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/** docs/product.md#messages confirm texts of the Publish / Unpublish dialogs. */
export const MODEL_STATUS_CONFIRM = {
  published: 'After the model is published, it will be available for public use. Are you sure you want to publish the model?',
  unpublished: 'After the model is unpublished, it will not be available for public use. Are you sure you want to unpublish the model?',
} as const;

/** docs/product.md#states-and-transitions: unpublishing needs a typed reason (model/status/change answers 400 with this text without one). */
export const UNPUBLISH_REASON_REQUIRED_MESSAGE = 'Please give a reason for unpublishing the model.';

/** docs/product.md#messages: model/getTransliterationModelId when no published transliteration model serves the pair (404). */
export const TRANSLITERATION_MODEL_NOT_PRESENT_MESSAGE = 'Transliteration Model ID Not Present.';

/** Largest descriptor file model/upload accepts, in bytes (a descriptor is a few KiB; example requests with inline audio can be larger). */
export const MODEL_DESCRIPTOR_MAX_BYTES = 1024 * 1024;

// MODEL_TASK_METRICS (the `metric` of every model record) is derived from the task registry (models/tasks.ts).

/** docs/product.md#messages: what the try panels show when a model call fails. */
export const MODEL_NOT_ACCESSIBLE_MESSAGE = 'The model is not accessible currently. Please try again later';

// ---------------------------------------------------------------------------------------------
// The model record as answered

const languagePairOut = z.object({
  sourceLanguage: z.string(),
  targetLanguage: z.string().nullish(),
  sourceScriptCode: z.string().nullish(),
  targetScriptCode: z.string().nullish(),
});

/** A benchmark run of a model (docs/product.md#entities-and-fields "Benchmark run"); filled by the benchmarks feature. */
export const benchmarkPerformanceSchema = z.object({
  benchmarkProcessId: z.string().optional(),
  benchmarkDatasetId: z.string(),
  benchmarkDatasetName: z.string(),
  benchmarkContentKey: z
    .string()
    .optional()
    .describe("Only for a benchmark bundled with the platform: the benchmark's contentKey (its name in the interface language)"),
  metric: z.string(),
  score: z.number().nullable().describe('null while running or when it failed (shown as --)'),
  createdOn: z.number().describe('Epoch milliseconds'),
  status: z.string().describe('In-Progress, Completed or Failed'),
});
export type BenchmarkPerformance = z.infer<typeof benchmarkPerformanceSchema>;

/**
 * What a reference model's card says: the kind of engine and its limits. Absent for
 * contributors' models.
 */
export const engineCardSchema = z.object({
  kind: z.enum(['trained-model', 'rule-based', 'heuristic']),
  engine: z.string(),
  limits: z.array(z.string()),
  contentKey: z
    .string()
    .optional()
    .describe(
      "Stable key of this reference model's platform-written texts (its engine id, e.g. ocr-tesseract; <id>-stream for a streaming variant): clients show them in the interface language and fall back to the English here",
    ),
});

/**
 * A model as every model endpoint answers it (ModelExtended): the descriptor's public fields plus
 * the platform's. `inferenceEndPoint` keeps only `schema` (task, example request, processing type,
 * supported voices) and `isSyncApi`: never the callbackUrl or a key.
 */
export const modelRecordSchema = z.object({
  modelId: z.string().describe('Platform id (UUID); the original client calls it submitRefNumber in My Models'),
  name: z.string(),
  version: z.string(),
  description: z.string(),
  refUrl: z.string().nullable(),
  task: z.object({ type: z.enum(INFERENCE_TASKS) }),
  languages: z.array(languagePairOut),
  license: z.string(),
  licenseUrl: z.string().nullable(),
  domain: z.array(z.string()),
  submitter: z.looseObject({ name: z.string() }),
  trainingDataset: z.looseObject({ description: z.string() }),
  inferenceEndPoint: z.object({
    schema: z
      .looseObject({})
      .nullable()
      .describe('The descriptor inference schema (taskType, request example, modelProcessingType, supportedVoices)'),
    isSyncApi: z.boolean(),
  }),
  status: z.enum(MODEL_STATUSES),
  unpublishReason: z.string().nullable(),
  submittedOn: z.number().describe('Epoch milliseconds'),
  publishedOn: z.number().nullable().describe('Epoch milliseconds of the last publication'),
  isReferenceModel: z.boolean().describe("One of the platform's own offline engines"),
  engineCard: engineCardSchema.nullable(),
  metric: z.array(z.string()).describe('Metrics available for this task (filled by the benchmarks feature)'),
  benchmarkPerformance: z.array(benchmarkPerformanceSchema),
});
export type ModelRecord = z.infer<typeof modelRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Requests and answers

/**
 * Multipart fields of model/upload: `file` = the descriptor JSON (at most MODEL_DESCRIPTOR_MAX_BYTES),
 * `userId` optional (the original client sends it; it must be the caller's). Documented here for
 * the OpenAPI document; the server reads the multipart body itself (the signature covers its bytes).
 */
export const modelUploadForm = z.object({
  file: z.string().describe('The model descriptor, a JSON file (ulca-reference model-schema.yml)'),
  userId: z.string().max(100).optional(),
});

/** Answer of model/upload: `{message, data: model}` (UploadModelResponse). */
export const modelUploadResponse = z.object({ message: z.string(), data: modelRecordSchema });

/** Query of model/listByUserId; `userId` is accepted for the original client and must be the caller's. */
export const modelListQuery = z.object({
  userId: z.string().max(100).optional(),
  startPage: z.coerce.number().int().min(0).optional(),
  endPage: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  name: z.string().max(200).optional(),
});
/** Answer of model/listByUserId (ModelListByUserIdResponse). */
export const modelListResponse = z.object({
  message: z.string(),
  data: z.array(modelRecordSchema),
  count: z.number(),
  totalCount: z.number(),
});
export type ModelListResponse = z.infer<typeof modelListResponse>;

/** Answer of model/search for a model task (published models only, newest first). */
export const modelRecordSearchResponse = z.object({ message: z.string(), data: z.array(modelRecordSchema), count: z.number() });

/**
 * Answer of model/search whatever the task: model records for a model task (modelRecordSearchResponse),
 * ready-made dataset cards for a dataset type (the original client's ready-made page, model-search.ts).
 */
export const modelSearchAnyResponse = z.object({
  message: z.string(),
  data: z.union([z.array(modelRecordSchema), z.array(readyMadeCardSchema)]),
  count: z.number(),
});

/** Answer of model/getModel: the model (ModelListResponseDto). */
export const modelDetailResponse = modelRecordSchema;

/** Body of model/status/change (ModelStatusChangeRequest); the reason is required to unpublish. */
export const modelStatusChangeBody = z.object({
  userId: z.string().max(100).optional(),
  modelId: z.string().min(1).max(100),
  status: z.enum(MODEL_STATUSES),
  unpublishReason: z.string().trim().max(1000).optional(),
});
export type ModelStatusChangeBody = z.infer<typeof modelStatusChangeBody>;

/** Answer of model/status/change: the sentence and the model as it now is. */
export const modelStatusChangeResponse = z.object({ message: z.string(), data: modelRecordSchema });

/** Query of model/getTransliterationModelId (docs/api.md#route-groups): the language pair; targetLanguage optional (any target). */
export const transliterationModelIdQuery = z.object({
  sourceLanguage: z.string().min(1).max(20),
  targetLanguage: z.string().max(20).optional(),
});
/** Answer of model/getTransliterationModelId. */
export const transliterationModelIdResponse = z.object({ modelId: z.string() });

/** Query of model/getModel. */
export const modelDetailQuery = z.object({ modelId: z.string().min(1).max(100) });

/**
 * Body of model/compute (ModelComputeRequest): `modelId`, `task`, and the task's input —
 * `input:[{source}]` for text tasks (tts adds `gender`), `imageUri` / `imageContent` for image
 * tasks, `audioUri` / `audioContent` for audio tasks (the asr endpoint takes the same). `source` is
 * the language code for audio/image tasks in the original client. Unknown fields are refused.
 */
export const modelComputeBody = z.strictObject({
  modelId: z.string().min(1).max(100),
  task: z.enum(INFERENCE_TASKS).optional(),
  userId: z.string().max(100).nullish(),
  input: z
    .array(z.strictObject({ source: z.string() }))
    .min(1)
    .max(25)
    .optional(),
  gender: z.enum(['male', 'female']).optional(),
  source: z.string().max(5000).optional(),
  sourceLanguage: z.string().max(20).optional(),
  targetLanguage: z.string().max(20).optional(),
  audioContent: z.string().optional(),
  audioUri: z.string().max(2000).optional(),
  imageContent: z.string().optional(),
  imageUri: z.string().max(2000).optional(),
});
export type ModelComputeBody = z.infer<typeof modelComputeBody>;

/** One question and answer of the feedback dialog (docs/product.md#entities-and-fields feedback payload). */
export const feedbackAnswerSchema = z.looseObject({
  feedbackQuestion: z.string().max(500).optional(),
  feedbackQuestionResponse: z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]).optional(),
  suggestedOutput: z.string().max(10000).nullish(),
});

const feedbackCore = {
  taskType: z.string().min(1).max(50),
  modelId: z.string().max(100).nullish(),
  userId: z.string().max(100).nullish(),
  input: z.string().max(20000).nullish(),
  output: z.string().max(20000).nullish(),
  feedback: z.union([z.array(feedbackAnswerSchema).max(50), z.looseObject({})]).nullish(),
  suggestedOutput: z.string().max(10000).nullish().describe('The output as the user would correct it (suggest an edit), null when none'),
};
/** Body of model/feedback/submit (ModelFeedbackSubmitRequest); `detailedFeedback` for sts stages. */
export const modelFeedbackBody = z.object({
  ...feedbackCore,
  detailedFeedback: z.array(z.object(feedbackCore)).max(10).nullish(),
});
export type ModelFeedbackBody = z.infer<typeof modelFeedbackBody>;
export const modelFeedbackResponse = z.object({ message: z.string(), data: z.object({ feedbackId: z.string() }) });

/**
 * A feedback entry as the model's owner sees it (model/feedback/list). `input`, `output` and
 * `suggestedOutput` are null when the caller's data tracking was off (or they sent none); who sent
 * it is not shown. `rating` is the 1-5 answer among `feedback`, when one was given.
 */
export const modelFeedbackEntrySchema = z.object({
  feedbackId: z.string(),
  modelId: z.string().nullable(),
  taskType: z.string(),
  input: z.string().nullable(),
  output: z.string().nullable(),
  suggestedOutput: z.string().nullable(),
  rating: z.number().nullable(),
  feedback: z.unknown(),
  detailedFeedback: z.unknown(),
  createdOn: z.number().describe('Epoch milliseconds'),
});
export type ModelFeedbackEntry = z.infer<typeof modelFeedbackEntrySchema>;

/** A row of the models health table (ModelHealthStatus; docs/product.md#models-health "Models Health Check"). No callbackUrl. */
export const modelHealthRowSchema = z.object({
  modelId: z.string(),
  modelName: z.string(),
  taskType: z.string(),
  status: z.enum(['available', 'unavailable', 'unknown']),
  lastStatusUpdate: z.number().nullable().describe('Epoch milliseconds of the last check'),
  lastSuccess: z.number().nullable().describe('Epoch milliseconds of the last available check'),
  latencyMs: z.number().nullable(),
  outputCheck: z.string().nullable().describe('Why the output was judged unusable (empty, wrong script), null when fine'),
  isSyncApi: z.boolean(),
});
export const modelHealthResponse = z.object({ modelHealthStatusList: z.array(modelHealthRowSchema), count: z.number() });
export type ModelHealthRow = z.infer<typeof modelHealthRowSchema>;

/** Answer types of the model calls, for the web fetchers (which parse with the schemas above). */
export type ModelUploadResponse = z.infer<typeof modelUploadResponse>;
export type ModelRecordSearchResponse = z.infer<typeof modelRecordSearchResponse>;
export type TransliterationModelIdResponse = z.infer<typeof transliterationModelIdResponse>;
export type ModelFeedbackResponse = z.infer<typeof modelFeedbackResponse>;
export type ModelHealthResponse = z.infer<typeof modelHealthResponse>;

/** Query of POST model/upload (multipart): `userId`, when given, must be the caller's. */
export const modelUploadQuery = z.object({ userId: z.string().max(100).optional() });
/** Query of POST model/tryMe (multipart): the model may be named here instead of in the form. */
export const tryMeQuery = z.object({ modelId: z.string().max(100).optional() });

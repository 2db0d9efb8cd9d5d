/**
 * Hosted inference, model health and feedback API shapes that are not in api/models.ts
 * (points 6-8; docs/architecture.md#calling-models). Paths are MODEL_API's.
 */
import { z } from 'zod';
import { modelFeedbackEntrySchema } from './models.ts';
import { INFERENCE_TASKS, inferenceResponseSchemas, type InferenceResponse, type InferenceTask } from '../models/tasks.ts';

/** The response schema of one task. */
type ResponseSchema = (typeof inferenceResponseSchemas)[InferenceTask];

/**
 * Answer of model/compute and model/tryMe: the model's own answer in its task's ULCA response
 * schema, the task registry's `response` (`output[0].target`, `output[0].source`,
 * `audio[0].audioContent`, `output[0].langPrediction`, `output[0].genderPrediction`,
 * `output[0].nerPrediction`; docs/product.md#entities-and-fields). The answer names no task: the
 * caller knows the model's, and reads it as {@link ModelComputeAnswer} of that task. The server
 * checked the answer against its task's schema once, when the model answered
 * (docs/architecture.md#calling-models), and sends it as it is.
 */
export const modelComputeResponse = z
  .union(INFERENCE_TASKS.map((t): ResponseSchema => inferenceResponseSchemas[t]))
  .describe("The model's answer in the ULCA inference response schema of its task");

/** The answer of model/compute and model/tryMe of each task's model. */
export type ModelComputeAnswers = { [K in InferenceTask]: InferenceResponse<K> };
/** The answer of model/compute and model/tryMe for a model of task `T`, e.g. `ModelComputeAnswer<'ner'>`. */
export type ModelComputeAnswer<T extends InferenceTask = InferenceTask> = ModelComputeAnswers[T];

/** Answer of asr/v1/model/compute: `data` = the first output (`data.source` is the transcript), plus the whole answer. */
export const modelSpeechComputeResponse = z.looseObject({ data: z.looseObject({}).describe("output[0] of the model's answer") });

/**
 * Query of model/getModelHealthStatus: an optional task filter, and the original's paging
 * (startPage/endPage, 1-based inclusive pages of pageSize, default 10; none = every model).
 */
export const modelHealthQuery = z.object({
  taskType: z.string().max(50).optional(),
  startPage: z.coerce.number().int().min(0).optional(),
  endPage: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
});
/** Answer of the admin's model/health/check: the queued round's job id (null when a round is already queued in this interval). */
export const modelHealthCheckResponse = z.object({ message: z.string(), data: z.object({ jobId: z.string().nullable() }) });

/** Path of the admin's "check every published model now" (POST, ADMIN only; queues a health round). */
export const MODEL_HEALTH_CHECK_PATH = '/ulca/apis/v0/model/health/check';

/** Query of model/feedback/list. */
export const modelFeedbackListQuery = z.object({ modelId: z.string().min(1).max(100) });
/** Answer of model/feedback/list: the model's feedback, newest first. */
export const modelFeedbackListResponse = z.object({ message: z.string(), data: z.array(modelFeedbackEntrySchema), count: z.number() });

/** Text limit of the public try panels (docs/product.md#constants-and-limits: max 150 characters of text). */
export const TRY_TEXT_MAX_CHARS = 150;
/** Speech limit of the public try panels (docs/product.md#constants-and-limits: max 1 minute of speech), seconds. */
export const TRY_AUDIO_MAX_SECONDS = 60;

/**
 * Hosted inference, model health and feedback API shapes that are not in api/models.ts (issue #11
 * points 6-8; docs/architecture.md#calling-models). Paths are MODEL_API's.
 */
import { z } from 'zod';
import { modelFeedbackEntrySchema } from './models.ts';

/**
 * Answer of model/compute and model/tryMe: the model's own answer, validated against its task's
 * ULCA response schema (`output[0].target`, `output[0].source`, `audio[0].audioContent`,
 * `output[0].langPrediction`, `output[0].genderPrediction`, `output[0].nerPrediction`; docs/product.md#entities-and-fields).
 */
export const modelComputeResponse = z.looseObject({}).describe("The model's answer in the ULCA inference response schema of its task");

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

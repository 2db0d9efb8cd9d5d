/**
 * The pipeline API for applications (docs/api.md#pipelines): search which task
 * sequences the platform serves, ask for a sequence's configuration (candidate models per task),
 * then run the chain in one compute call. Field names follow the ULCA pipeline shapes
 * (`pipelineTasks`, `pipelineRequestConfig`, `pipelineResponseConfig`, `pipelineInferenceAPIEndPoint`,
 * `inputData`, `pipelineResponse`). A `serviceId` is the platform's `modelId` of the model.
 */
import { z } from 'zod';
import { INFERENCE_TASKS } from '../models/tasks.ts';

/** Paths of the pipeline API. */
export const PIPELINE_API = {
  /** POST, public: which task sequences are served, with their languages. */
  search: '/ulca/apis/v0/model/pipeline/search',
  /** POST, headers userID + ulcaApiKey: the candidate models of each task of a sequence. */
  config: '/ulca/apis/v0/model/getModelsPipeline',
  /** POST, header ulcaApiKey: runs the chain, each stage's output feeding the next. */
  compute: '/ulca/apis/v0/model/pipeline/compute',
} as const;

/** Most tasks one pipeline may chain. */
export const PIPELINE_MAX_TASKS = 5;

const language = z.object({ sourceLanguage: z.string().min(1).max(20), targetLanguage: z.string().min(1).max(20).nullish() });

/** One task of a search or config request: its type and, optionally, the languages wanted. */
export const pipelineTaskQuery = z.looseObject({
  taskType: z.enum(INFERENCE_TASKS),
  config: z.looseObject({ language: language.optional() }).optional(),
});

/** Body of pipeline search: a sequence to check, or none for every task alone and the usual chains. */
export const pipelineSearchBody = z.object({ pipelineTasks: z.array(pipelineTaskQuery).min(1).max(PIPELINE_MAX_TASKS).optional() });

/** Source language of a sequence and the languages its last stage can answer in. */
export const pipelineLanguages = z.object({ sourceLanguage: z.string(), targetLanguageList: z.array(z.string()) });

/** One sequence the platform can serve. */
export const pipelineSearchEntry = z.object({
  pipelineTasks: z.array(z.object({ taskType: z.string() })),
  languages: z.array(pipelineLanguages),
});
/** Answer of pipeline search: the sequences served (a sequence whose languages do not connect is absent). */
export const pipelineSearchResponse = z.object({ data: z.array(pipelineSearchEntry) });

/** Body of getModelsPipeline. */
export const pipelineConfigBody = z.object({
  pipelineTasks: z.array(pipelineTaskQuery).min(1).max(PIPELINE_MAX_TASKS),
  pipelineRequestConfig: z.looseObject({ submitter: z.string().max(200).optional() }).optional(),
});
export type PipelineConfigBody = z.infer<typeof pipelineConfigBody>;

/** A candidate model of one task. */
export const pipelineCandidate = z.object({
  serviceId: z.string(),
  modelId: z.string(),
  name: z.string(),
  language: language,
  domain: z.array(z.string()),
  /** Whether its latest health check answered (null: never checked). */
  isUp: z.boolean().nullable(),
});
export type PipelineCandidate = z.infer<typeof pipelineCandidate>;

/** Answer of getModelsPipeline. */
export const pipelineConfigResponse = z.object({
  languages: z.array(pipelineLanguages),
  pipelineResponseConfig: z.array(z.object({ taskType: z.string(), config: z.array(pipelineCandidate) })),
  pipelineInferenceAPIEndPoint: z.object({ callbackUrl: z.string(), inferenceApiKey: z.object({ name: z.string(), value: z.string() }) }),
  pipelineInferenceSocketEndPoint: z
    .object({ callbackUrl: z.string(), inferenceApiKey: z.object({ name: z.string(), value: z.string() }) })
    .optional(),
});
export type PipelineConfigResponse = z.infer<typeof pipelineConfigResponse>;

/** One stage of a compute call: the model (`serviceId`, at the top or in `config`) and its languages. */
export const pipelineComputeTask = z.looseObject({
  taskType: z.enum(INFERENCE_TASKS),
  serviceId: z.string().max(100).optional(),
  config: z
    .looseObject({
      serviceId: z.string().max(100).optional(),
      language: language.optional(),
      gender: z.enum(['male', 'female']).optional(),
    })
    .optional(),
});

const audioItem = z.looseObject({ audioContent: z.string().nullish(), audioUri: z.string().max(2000).nullish() });
const imageItem = z.looseObject({ imageContent: z.string().nullish(), imageUri: z.string().max(2000).nullish() });

/** Body of pipeline compute. */
export const pipelineComputeBody = z.object({
  pipelineTasks: z.array(pipelineComputeTask).min(1).max(PIPELINE_MAX_TASKS),
  inputData: z.object({
    input: z
      .array(z.looseObject({ source: z.string() }))
      .min(1)
      .max(25)
      .optional(),
    audio: z.array(audioItem).min(1).max(1).optional(),
    image: z.array(imageItem).min(1).max(1).optional(),
  }),
});
export type PipelineComputeBody = z.infer<typeof pipelineComputeBody>;

/** One stage's answer: its task, model, languages, and the model's `output` and/or `audio`. */
export const pipelineStageResponse = z.looseObject({
  taskType: z.string(),
  serviceId: z.string(),
  config: z.looseObject({}),
  output: z.array(z.looseObject({})).nullable(),
  audio: z.array(z.looseObject({})).nullable(),
});
export type PipelineStageResponse = z.infer<typeof pipelineStageResponse>;

/** Answer of pipeline compute: one entry per task, in order. */
export const pipelineComputeResponse = z.object({ pipelineResponse: z.array(pipelineStageResponse) });

/**
 * Answer of a compute call refused or failed at a stage: the error (`code`, `message`), which stage
 * (`failedStage`: 0-based index, task, serviceId) and the answers of the stages before it
 * (both absent when the body itself is refused before any stage is looked at).
 */
export const pipelineStageErrorResponse = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  failedStage: z.object({ index: z.number(), taskType: z.string(), serviceId: z.string().nullable() }).optional(),
  pipelineResponse: z.array(pipelineStageResponse).optional(),
});

import { z } from 'zod';

/**
 * POST /ulca/apis/v0/model/search (ULCA's ModelController search). The original ULCA web client
 * also calls it from its ready-made datasets page with a dataset type as `task`
 * (e.g. `{"task": "parallel-corpus", "sourceLanguage": "", "targetLanguage": "", "domain": "All",
 * "submitter": "All", "userId": null}`) and renders the answer's `data` as model cards. The server
 * answers a dataset type from the ready-made list, in that card shape; a model task from the
 * published models (api/models.ts modelSearchAnyResponse).
 */

// The task names model/search accepts are the task registry's (models/tasks.ts MODEL_TASKS: the
// served tasks and the older ULCA names document-layout and glossary).

/** A language code or a list of them, or none: the original client sends '' or null for "any". */
const languages = z.union([z.string().max(20), z.array(z.string().max(20)).max(60)]).nullish();

/**
 * Body of model/search. `task` is a model task or a dataset type. Filters: `sourceLanguage`,
 * `targetLanguage` (a code or a list of codes), `domain` and `submitter`; '', null, [] and 'All'
 * mean "any". `userId` is accepted and not used (the search is public).
 */
export const modelSearchBody = z.object({
  task: z.string().min(1).max(100),
  sourceLanguage: languages,
  targetLanguage: languages,
  domain: z.union([z.string().max(100), z.array(z.string().max(100)).max(60)]).nullish(),
  submitter: z.string().max(200).nullish(),
  userId: z.string().max(100).nullish(),
});
export type ModelSearchBody = z.infer<typeof modelSearchBody>;

/**
 * A ready-made dataset as a model/search card: the fields the original client's card reads
 * (`modelId`, `name`, `description`, `task.type`, `languages[0]`, `domain`, `license`,
 * `submitter.name`, `publishedOn`, `refUrl` = the absolute JSON download link) and the ready-made
 * list's own fields (`datasetId`, `serviceRequestNumber`, `recordCount`, `downloadUrl`).
 */
export const readyMadeCardSchema = z.object({
  modelId: z.string().describe('The dataset id'),
  name: z.string(),
  description: z.string(),
  task: z.object({ type: z.string().describe('The dataset type') }),
  languages: z.array(z.object({ sourceLanguage: z.string().nullable(), targetLanguage: z.string().nullable() })),
  domain: z.array(z.string()),
  license: z.string().nullable(),
  submitter: z.object({ name: z.string().nullable() }),
  publishedOn: z.string().nullable(),
  refUrl: z.string().describe('Absolute link of the JSON download'),
  datasetId: z.string(),
  serviceRequestNumber: z.string(),
  recordCount: z.number(),
  downloadUrl: z.string().describe('Path of the JSON download (…/download.jsonl and …/download.csv also exist)'),
});
export type ReadyMadeCard = z.infer<typeof readyMadeCardSchema>;

/** Answer of model/search: the cards (ready-made datasets for a dataset type; none yet for a model task) and their number. */
export const modelSearchResponse = z.object({ message: z.string(), data: z.array(readyMadeCardSchema), count: z.number() });
export type ModelSearchResponse = z.infer<typeof modelSearchResponse>;

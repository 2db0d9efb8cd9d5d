/**
 * The dataset contribution calls (docs/product.md#dataset-screens, docs/product.md#entities-and-fields, docs/api.md#route-groups; see docs/api.md#datasets-ulcaapisv0dataset): My Contribution's
 * list, a submission's stages and its error report. Paths, queries and answers shared by the
 * server's datasets feature, the web dataset pages and the OpenAPI document (submit is in
 * dataset-submit.ts).
 */
import { z } from 'zod';
import { stageStatusSchema, submissionOutcomeSchema, submissionStatusSchema } from '../dataset-status.ts';
import { SUBMIT_DATASET_PATH } from './dataset-submit.ts';

/** Paths of the dataset calls (`errorReportFile` has the path parameters :serviceRequestNumber and :file). */
export const DATASET_API = {
  submit: SUBMIT_DATASET_PATH,
  listByUserId: '/ulca/apis/v0/dataset/listByUserId',
  status: '/ulca/apis/v0/dataset/getByServiceRequestNumber',
  errorReport: '/ulca/error-consumer/v0/error/report',
  errorReportFile: '/ulca/apis/v0/dataset/error-report/:serviceRequestNumber/:file',
  /** The bundled sample datasets a newcomer can download and submit (public). */
  samples: '/ulca/apis/v0/dataset/samples',
  /** One sample as a zip in the contribution format; :file is `<name>.zip`. */
  sampleZip: '/ulca/apis/v0/dataset/samples/:file',
} as const;

/** The path of sample `name`'s zip (DATASET_API.sampleZip filled in). */
export function sampleZipPath(name: string): string {
  return DATASET_API.sampleZip.replace(':file', `${encodeURIComponent(name)}.zip`);
}

/** One bundled sample dataset (docs/product.md#dataset-screens "sample datasets"). */
export const datasetSample = z.object({
  name: z.string().describe('Folder name, e.g. parallel-en-hi'),
  datasetType: z.string(),
  records: z.number().int().describe('Records in its data.json'),
  url: z.string().describe('Path of its zip on this server'),
});
export type DatasetSample = z.infer<typeof datasetSample>;
/** Answer of GET samples. */
export const datasetSamplesResponse = z.object({ data: z.array(datasetSample) });
/** Path parameters of GET sampleZip. */
export const sampleZipParams = z.object({ file: z.string().regex(/^[a-z0-9-]+\.zip$/) });

/** Query of GET listByUserId: pages of 10 when startPage/endPage are given (1-based), else every row. */
export const contributionListQuery = z.object({
  userId: z.string(),
  startPage: z.coerce.number().int().min(1).optional(),
  endPage: z.coerce.number().int().min(1).optional(),
});
export type ContributionListQuery = z.infer<typeof contributionListQuery>;

/** One dataset contribution of listByUserId (My Contribution's row). */
export const contributionRecord = z.object({
  submitRefNumber: z.string(),
  serviceRequestNumber: z.string().describe('Same as submitRefNumber: the name the original ULCA client reads'),
  datasetId: z.string(),
  datasetName: z.string(),
  datasetType: z.string().nullable(),
  submittedOn: z.string(),
  status: submissionStatusSchema,
  domain: z.array(z.string()),
  license: z.string().nullable(),
});
export type ContributionRecord = z.infer<typeof contributionRecord>;

/** Response of GET listByUserId, newest first. */
export const contributionListResponse = z.object({
  message: z.string(),
  count: z.number(),
  totalCount: z.number().describe('Same as count: the name the original ULCA client reads'),
  data: z.array(contributionRecord),
});
export type ContributionListResponse = z.infer<typeof contributionListResponse>;

/** Query of GET getByServiceRequestNumber. */
export const submissionStatusQuery = z.object({ serviceRequestNumber: z.string() });

const STAGES = ['download', 'ingest', 'validate', 'publish'] as const;

/** One count of a stage's details: records (and for speech types seconds) that succeeded or failed. */
export const processedCountSchema = z
  .object({ type: z.string(), count: z.number(), durationInSeconds: z.number().nullish() })
  .catchall(z.union([z.number(), z.string()]))
  .describe('type success|failed; validate/publish success and error seconds for speech types');
/** What a stage's `details` JSON text holds. */
export const stageDetailsSchema = z.object({ processedCount: z.array(processedCountSchema).nullish() });
export type StageDetails = z.infer<typeof stageDetailsSchema>;

/** Reads a stage's `details` JSON text; malformed or unexpected text reads as null. */
export function parseStageDetails(text: string | null | undefined): StageDetails | null {
  if (!text) return null;
  try {
    const parsed = stageDetailsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One stage of a submission (getByServiceRequestNumber `data[]`). */
export const stageRecord = z.object({
  serviceRequestNumber: z.string(),
  datasetId: z.string(),
  datasetName: z.string(),
  datasetType: z.string().nullable(),
  stage: z.enum(STAGES),
  tool: z.enum(STAGES).describe('Same as stage: the name the original ULCA client reads'),
  status: stageStatusSchema,
  details: z
    .string()
    .describe(
      'JSON text of {processedCount: [{type: success|failed, count, durationInSeconds?, validateSuccessSeconds?, validateErrorSeconds?, ' +
        'publishSuccessSeconds?, publishErrorSeconds?}]}: a string, as the original ULCA client parses it; seconds for speech types from ingest on',
    ),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type StageRecord = z.infer<typeof stageRecord>;

/** Response of GET getByServiceRequestNumber: the submission and its stages. */
export const submissionStatusResponse = z.object({
  message: z.string(),
  datasetName: z.string(),
  datasetType: z.string().nullable(),
  status: submissionStatusSchema,
  outcome: submissionOutcomeSchema,
  data: z.array(stageRecord),
});
export type SubmissionStatusResponse = z.infer<typeof submissionStatusResponse>;

/** Body of POST error/report. */
export const errorReportBody = z.object({ serviceRequestNumber: z.string() });

/** One row of an error summary: how many records a stage refused for one reason. */
export const errorSummaryRow = z.object({ stage: z.string(), code: z.string(), message: z.string(), count: z.number() });
export type ErrorSummaryRow = z.infer<typeof errorSummaryRow>;

/** The error report of a submission: absolute summary and detail CSV links (valid one hour; null when absent) and the summary rows. */
export const errorReportEntry = z.object({
  serviceRequestNumber: z.string(),
  status: submissionStatusSchema,
  file: z.string().nullable(),
  consolidated_file: z.string().nullable(),
  errors: z.array(errorSummaryRow),
});
export type ErrorReportEntry = z.infer<typeof errorReportEntry>;

/** Response of POST error/report: a bare list of one entry (the original ULCA shape its client reads). */
export const errorReportResponse = z.array(errorReportEntry);

/** Path parameters and query of GET error-report/:serviceRequestNumber/:file (the link from error/report). */
export const errorReportFileParams = z.object({ serviceRequestNumber: z.string(), file: z.enum(['summary.csv', 'detail.csv']) });
export const errorReportFileQuery = z.object({ token: z.string() });

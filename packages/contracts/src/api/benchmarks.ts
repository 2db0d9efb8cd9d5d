/**
 * Benchmarks API (docs/product.md#model-screens "Benchmark datasets", "Run benchmark", docs/product.md#entities-and-fields "Benchmark dataset",
 * "Benchmark run"; docs/api.md#route-groups paths table). Field names are the original ULCA's
 * (benchmark-dataset-schema.yml, model-benchmark-schema.yml, ulca-api-contract.yaml).
 */
import { z } from 'zod';
import { AUDIO_CHANNELS, BITS_PER_SAMPLE, type DatasetType } from '../enums.ts';
import { collectionSourceSchema, languageCodeSchema } from '../datasets.ts';
import { BENCHMARK_TASKS, TASK_REGISTRY, benchmarkSpec, type BenchmarkTask } from '../models/tasks.ts';
import { datasetNameSchema, datasetUrlSchema } from './dataset-submit.ts';

/** Paths of the benchmark routes (the original ULCA's, docs/benchmarks.md#benchmark-runs-and-leaderboards). */
export const BENCHMARK_API = {
  submit: '/ulca/apis/v0/benchmark/submit',
  listByUserId: '/ulca/apis/v0/benchmark/listByUserId',
  search: '/ulca/apis/v0/benchmark/search',
  getBenchmark: '/ulca/apis/v0/benchmark/getBenchmark',
  getByTask: '/ulca/apis/v0/benchmark/getByTask',
  execute: '/ulca/apis/v0/benchmark/execute',
  executeAllMetric: '/ulca/apis/v0/benchmark/execute/allMetric',
  processStatus: '/ulca/apis/v0/benchmark/process/status',
  rescore: '/ulca/apis/v0/benchmark/rescore',
  download: '/ulca/apis/v0/benchmark/download',
  visibility: '/ulca/apis/v0/benchmark/visibility',
} as const;

/**
 * Who sees a benchmark's test set (its rows' inputs and references; docs/api.md#who-sees-a-benchmarks-rows):
 * open = everyone, as its leaderboard; hidden = its owner and ADMINs only (a model's owner still sees
 * their own run's outputs and row scores). Contributed benchmarks start hidden, bundled ones open.
 */
export const BENCHMARK_VISIBILITIES = ['open', 'hidden'] as const;
export type BenchmarkVisibility = (typeof BENCHMARK_VISIBILITIES)[number];
export const benchmarkVisibilitySchema = z.enum(BENCHMARK_VISIBILITIES);

/**
 * Benchmark dataset tasks (params.json `taskType.type`, benchmark-dataset-schema.yml) this platform
 * accepts, each with the dataset type whose params checks (and, unless BENCHMARK_ROW_SCHEMAS has
 * the task, row checks) its rows go through: translation = sourceText/targetText, asr =
 * audioFilename/text, ocr = imageFilename/groundTruth, ner = nerData. The language-detection rows
 * ({sourceText, langCode}, {audioFilename, langCode}) are benchmark-only: their params are
 * monolingual-corpus's and asr-corpus's, their rows BENCHMARK_ROW_SCHEMAS'. Derived from the task
 * registry (models/tasks.ts `benchmark.datasetType`).
 */
export const BENCHMARK_TASK_DATASET_TYPES: Readonly<Record<BenchmarkTask, DatasetType>> = Object.fromEntries(
  BENCHMARK_TASKS.map((t) => [t, benchmarkSpec(t).datasetType]),
) as Record<BenchmarkTask, DatasetType>;

/**
 * Misspellings of a task read as the task: ULCA's own language-detection benchmark examples write
 * `txt-lang-detetcion` / `audio-lang-detetcion` (its SupportedTasks enum spells them right).
 */
export const BENCHMARK_TASK_ALIASES: Readonly<Record<string, BenchmarkTask>> = {
  'txt-lang-detetcion': 'txt-lang-detection',
  'audio-lang-detetcion': 'audio-lang-detection',
};

/**
 * Benchmark tasks whose params may leave `languages` out (the published examples give null): what
 * is measured is telling the language, so a benchmark of them may mix languages, and each row's
 * `langCode` is its language.
 */
export const LANGUAGE_FREE_BENCHMARK_TASKS: readonly BenchmarkTask[] = BENCHMARK_TASKS.filter((t) => TASK_REGISTRY[t].languages === 'free');

/** TxtLangDetectionBenchmarkDatasetRowSchema: a text and the code of its language. */
export const txtLangDetectionBenchmarkRowSchema = z.strictObject({
  sourceText: z.string(),
  langCode: languageCodeSchema,
});
/** AudioLangDetectionBenchmarkDatasetRowSchema: an audio file of the zip and the code of the language spoken. */
export const audioLangDetectionBenchmarkRowSchema = z.strictObject({
  audioFilename: z.string(),
  langCode: languageCodeSchema,
  speaker: z.string().optional(),
  /** seconds */
  duration: z.number().positive().optional(),
  collectionSource: collectionSourceSchema.optional(),
  channel: z.enum(AUDIO_CHANNELS).optional(),
  /** kHz, as the asr rows */
  samplingRate: z.number().positive().optional(),
  bitsPerSample: z.enum(BITS_PER_SAMPLE).optional(),
});
/** Row schemas of the benchmark tasks whose rows are not their dataset type's. */
export const BENCHMARK_ROW_SCHEMAS: Partial<Record<BenchmarkTask, z.ZodType>> = {
  'txt-lang-detection': txtLangDetectionBenchmarkRowSchema,
  'audio-lang-detection': audioLangDetectionBenchmarkRowSchema,
};

/** Run and benchmark statuses (docs/product.md#entities-and-fields). */
export const BENCHMARK_RUN_STATUSES = ['In-Progress', 'Completed', 'Failed'] as const;

/**
 * POST benchmark/submit: the dataset submit's name and URL rules (api/dataset-submit.ts). `userId`
 * is optional and must be the caller's (identity comes from the signature).
 */
export const benchmarkSubmitBody = z.object({
  userId: z.string().max(100).optional(),
  datasetName: datasetNameSchema,
  url: datasetUrlSchema,
});
export type BenchmarkSubmitBody = z.infer<typeof benchmarkSubmitBody>;
export const benchmarkSubmitResponse = z.object({
  message: z.string(),
  data: z.object({ serviceRequestNumber: z.string(), benchmarkId: z.string(), timestamp: z.string() }),
});

/** GET benchmark/listByUserId: 1-based inclusive pages of 10 when startPage/endPage are given. */
export const benchmarkListQuery = z.object({
  userId: z.string().max(100).optional(),
  startPage: z.coerce.number().int().min(1).optional(),
  endPage: z.coerce.number().int().min(1).optional(),
});
/** A row of the My Contribution "Benchmark Dataset" tab (docs/product.md#dataset-screens). */
export const benchmarkContributionSchema = z.object({
  submitRefNumber: z.string(),
  serviceRequestNumber: z.string(),
  benchmarkId: z.string(),
  datasetName: z.string(),
  datasetType: z.string().nullable().describe('The benchmark task (taskType.type) once params.json was read'),
  submittedOn: z.string(),
  status: z.string(),
});
export const benchmarkListResponse = z.object({
  message: z.string(),
  count: z.number(),
  totalCount: z.number(),
  data: z.array(benchmarkContributionSchema),
});

const filterValue = z.union([z.string(), z.array(z.string())]).nullish();
/** POST benchmark/search: '', null, [] and 'All' = any. */
export const benchmarkSearchBody = z.object({
  task: z.string().max(100),
  sourceLanguage: filterValue,
  targetLanguage: filterValue,
  domain: filterValue,
  submitter: z.string().max(200).nullish(),
  /** The original ULCA client sends `null` when nobody is signed in. */
  userId: z.string().max(100).nullish(),
});
export type BenchmarkSearchBody = z.infer<typeof benchmarkSearchBody>;

/** A metric as the modal and the detail page list it. */
export const benchmarkMetricSchema = z.object({
  metricName: z.string(),
  label: z.string(),
  direction: z.enum(['higher', 'lower']),
  description: z.string(),
});

/** A published benchmark dataset (card, detail, modal row). */
export const benchmarkSchema = z.object({
  benchmarkId: z.string(),
  contentKey: z
    .string()
    .optional()
    .describe(
      "Only on a benchmark bundled with the platform: the stable key of its platform-written name and description (e.g. ocr-hi), which clients show in the interface language; a contributor's benchmark has none and keeps its own words",
    ),
  name: z.string(),
  description: z.string().nullable(),
  refUrl: z
    .string()
    .nullable()
    .describe(
      'Where the benchmark dataset can be downloaded: the URL it was submitted from, or for a benchmark bundled with the platform its zip (GET benchmark/download); null when neither is known',
    ),
  task: z.object({ type: z.string() }),
  languages: z.object({ sourceLanguage: z.string(), targetLanguage: z.string().nullable() }),
  domain: z.array(z.string()),
  submitter: z.object({ name: z.string() }),
  license: z.string().nullable(),
  collectionSource: z.array(z.string()),
  recordCount: z.number(),
  submittedOn: z.number().describe('Epoch milliseconds'),
  publishedOn: z.number().nullable(),
  metric: z.array(z.string()).describe('Metrics a run on this benchmark can use'),
  visibility: benchmarkVisibilitySchema.describe(
    "hidden: the rows' inputs and references are shown to the owner and ADMINs only, and refUrl is null for everyone else",
  ),
});
export type Benchmark = z.infer<typeof benchmarkSchema>;
export const benchmarkSearchResponse = z.object({ message: z.string(), count: z.number(), data: z.array(benchmarkSchema) });

/** A leaderboard entry (docs/product.md#benchmark-datasets-and-leaderboards benchmark details; model-benchmark-schema.yml BenchmarkPerformance plus the trust fields §5). */
export const leaderboardEntrySchema = z.object({
  benchmarkProcessId: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  modelVersion: z.string(),
  metric: z.string(),
  score: z.number(),
  signature: z.string(),
  coverage: z.number().describe('Rows scored / rows (0–1); failed rows count as failed'),
  ci: z.object({ low: z.number(), high: z.number() }).nullable().describe('95% bootstrap interval'),
  createdOn: z.number(),
  position: z
    .number()
    .int()
    .describe('1-based rank within the metric among published models, best first in its direction; 0 for an unpublished model'),
  modelStatus: z
    .enum(['published', 'unpublished'])
    .describe("unpublished: a run of the caller's own unpublished model (or any, for an ADMIN), shown to them only and not ranked"),
  outputsVisible: z
    .boolean()
    .describe(
      "Whether the caller may read this run's per-example outputs (run/outputs): always on an open benchmark; on a hidden one its model's owner, the benchmark's owner and ADMINs",
    ),
});
export const benchmarkQuery = z.object({ benchmarkId: z.string().max(100) });
export const benchmarkDetailResponse = benchmarkSchema.extend({
  availableMetric: z.array(benchmarkMetricSchema),
  benchmarkPerformance: z.array(leaderboardEntrySchema),
  canChangeVisibility: z.boolean().describe("The caller is the benchmark's owner or an ADMIN (POST benchmark/visibility)"),
});

/** POST benchmark/visibility (the benchmark's owner or an ADMIN). */
export const benchmarkVisibilityBody = z.object({ benchmarkId: z.string().max(100), visibility: benchmarkVisibilitySchema });
export type BenchmarkVisibilityBody = z.infer<typeof benchmarkVisibilityBody>;
export const benchmarkVisibilityResponse = z.object({
  message: z.string(),
  data: z.object({ benchmarkId: z.string(), visibility: benchmarkVisibilitySchema }),
});

/** POST benchmark/getByTask. */
/**
 * Query of POST benchmark/getByTask: the original ULCA client sends `?userId=` (its own id) unsigned;
 * in legacy mode it lets the owner list benchmarks for an unpublished model (docs/migration.md#model-side).
 */
export const benchmarkByTaskQuery = z.object({ userId: z.string().max(100).optional() });
export const benchmarkByTaskBody = z.object({ modelId: z.string().max(100), userId: z.string().max(100).nullish() });
export const benchmarkByTaskResponse = z.object({
  message: z.string(),
  count: z.number(),
  data: z.array(benchmarkSchema.extend({ availableMetric: z.array(benchmarkMetricSchema) })),
  benchmark: z
    .array(benchmarkSchema.extend({ availableMetric: z.array(z.string()) }))
    .describe('The same benchmarks in the original ULCA shape: availableMetric as metric names (docs/migration.md#model-side)'),
});

/** POST benchmark/execute. */
export const benchmarkExecuteBody = z.object({
  modelId: z.string().max(100),
  userId: z.string().max(100).optional(),
  benchmarks: z
    .array(z.object({ benchmarkId: z.string().max(100), metric: z.string().max(50) }))
    .min(1)
    .max(50),
});
export type BenchmarkExecuteBody = z.infer<typeof benchmarkExecuteBody>;
/** POST benchmark/execute/allMetric (the original ULCA client's Run Benchmark): every offered, computable metric of one benchmark. */
export const benchmarkExecuteAllMetricBody = z.object({
  modelId: z.string().max(100),
  benchmarkId: z.string().max(100),
  userId: z.string().max(100).nullish(),
});
export const benchmarkExecuteResponse = z.object({ message: z.string(), benchmarkProcessIds: z.array(z.string()) });

/** A run as process/status answers it. */
export const benchmarkRunStatusSchema = z.object({
  benchmarkProcessId: z.string(),
  benchmarkDatasetId: z.string(),
  modelId: z.string(),
  status: z.enum(BENCHMARK_RUN_STATUSES),
  stages: z.array(z.object({ stage: z.enum(['inference', 'scoring']), status: z.string() })),
  metric: z.string(),
  score: z.number().nullable(),
  signature: z.string().nullable(),
  coverage: z.number().nullable(),
  ci: z.object({ low: z.number(), high: z.number() }).nullable(),
  recordCount: z.number(),
  scoredCount: z.number().nullable(),
  failedCount: z.number().nullable(),
  failureMessage: z.string().nullable(),
  createdOn: z.number(),
  completedOn: z.number().nullable(),
});
export const benchmarkProcessQuery = z.object({ benchmarkProcessId: z.string().max(100) });
export const benchmarkProcessResponse = z.object({ message: z.string(), data: z.array(benchmarkRunStatusSchema) });

/** POST benchmark/rescore (ADMIN). */
export const benchmarkRescoreBody = z.object({ benchmarkProcessId: z.string().max(100), userId: z.string().max(100).optional() });
export const benchmarkRescoreResponse = z.object({
  message: z.string(),
  data: z.object({
    benchmarkProcessId: z.string(),
    stored: z.object({ score: z.number(), signature: z.string(), coverage: z.number() }),
    recomputed: z.object({ score: z.number(), signature: z.string(), coverage: z.number() }),
    equal: z.boolean(),
  }),
});

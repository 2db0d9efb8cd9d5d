/**
 * Per-example benchmark outputs and the comparison of runs (docs/api.md#per-example-outputs):
 * a completed run's rows as JSON Lines, and a comparison of two or more runs on the same
 * benchmark and metric with sacrebleu's paired bootstrap test.
 */
import { z } from 'zod';
import { benchmarkVisibilitySchema } from './benchmarks.ts';

/** Paths of the per-example routes. */
export const BENCHMARK_OUTPUTS_API = {
  runOutputs: '/ulca/apis/v0/benchmark/run/outputs',
  compare: '/ulca/apis/v0/benchmark/run/compare',
} as const;

/** Most runs one comparison takes (pairs grow as n²). */
export const MAX_COMPARED_RUNS = 5;
/** Most differing examples a comparison answers. */
export const MAX_COMPARED_EXAMPLES = 100;

/** GET benchmark/run/outputs?benchmarkProcessId=… (answers application/x-ndjson). */
export const runOutputsQuery = z.object({ benchmarkProcessId: z.string().max(100) });

/**
 * One line of a run's JSONL: the row's input (source text, media file name, or NER sentence), its
 * reference line (both null when the benchmark is hidden and the caller is not its owner or an ADMIN:
 * docs/api.md#who-sees-a-benchmarks-rows), the output as the model gave it (null when the row failed), the hypothesis line
 * scored, the row's own score (the metric on that row's statistics alone; null when undefined), and
 * whether the row failed (scored as an empty hypothesis).
 */
export const runOutputLineSchema = z.object({
  seq: z.number().int(),
  input: z.string().nullable(),
  reference: z.string().nullable(),
  output: z.unknown(),
  hypothesis: z.string(),
  score: z.number().nullable(),
  failed: z.boolean(),
  error: z.string().nullable(),
});
export type RunOutputLine = z.infer<typeof runOutputLineSchema>;

/** POST benchmark/run/compare. */
export const compareRunsBody = z.object({
  benchmarkProcessIds: z.array(z.string().max(100)).min(2, 'Select at least two results to compare.').max(MAX_COMPARED_RUNS),
  /** Examples answered, those where the runs differ most first (default 20). */
  limit: z.number().int().min(1).max(MAX_COMPARED_EXAMPLES).optional(),
});
export type CompareRunsBody = z.infer<typeof compareRunsBody>;

const meanCi = z.object({ mean: z.number(), ci: z.number() });

export const compareRunsResponse = z.object({
  message: z.string(),
  data: z.object({
    benchmarkId: z.string(),
    benchmarkName: z.string(),
    metric: z.string(),
    /** The benchmark's visibility: when hidden, examples carry no input or reference unless the caller owns the benchmark or is an ADMIN. */
    visibility: benchmarkVisibilitySchema,
    direction: z.enum(['higher', 'lower']),
    samples: z.number().int(),
    seed: z.number().int(),
    /** The significance test and the implementation whose numbers it reproduces, e.g. `paired-bs|n:1000|seed:12345|sacrebleu:2.6.0`. */
    testSignature: z.string(),
    runs: z.array(
      z.object({
        benchmarkProcessId: z.string(),
        modelId: z.string(),
        modelName: z.string(),
        modelVersion: z.string(),
        score: z.number(),
        /** The run's metric signature (reference implementation and version, our revision, output preprocessing); null for a run stored without one. */
        signature: z.string().nullable(),
        /** Mean and 95% half-width of the resampled scores (sacrebleu's estimate_ci). */
        bootstrap: meanCi,
      }),
    ),
    /** Every pair (a before b in the order given): both scores and the p-value of their difference. */
    pairs: z.array(
      z.object({
        a: z.string(),
        b: z.string(),
        scoreA: z.number(),
        scoreB: z.number(),
        /** 1 when `noDifference`. */
        pValue: z.number(),
        /** p < 0.05, never when `noDifference`. */
        significant: z.boolean(),
        /** The two runs' outputs are the same on every row, or their scores are equal: no difference to test. */
        noDifference: z.boolean(),
        /** The two runs' scored outputs are the same on every row. */
        identicalOutputs: z.boolean(),
      }),
    ),
    /**
     * Rows where the runs' own row scores spread most (max − min), largest first. On a hidden
     * benchmark (docs/api.md#who-sees-a-benchmarks-rows): input and reference null unless the caller
     * owns the benchmark or is an ADMIN, a run's hypothesis and score null unless the caller may
     * read that run's outputs, and no examples at all for a caller who may read none of them.
     */
    examples: z.array(
      z.object({
        seq: z.number().int(),
        input: z.string().nullable(),
        reference: z.string().nullable(),
        spread: z.number(),
        outputs: z.array(
          z.object({
            benchmarkProcessId: z.string(),
            hypothesis: z.string().nullable(),
            score: z.number().nullable(),
            failed: z.boolean(),
          }),
        ),
      }),
    ),
  }),
});
export type CompareRunsResponse = z.infer<typeof compareRunsResponse>;

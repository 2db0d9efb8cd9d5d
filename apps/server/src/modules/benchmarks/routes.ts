import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ONLY,
  BENCHMARK_API,
  BENCHMARK_SUBMITTERS,
  CONTRIBUTORS,
  BENCHMARK_TASKS,
  benchmarkByTaskBody,
  benchmarkByTaskQuery,
  benchmarkByTaskResponse,
  benchmarkDetailResponse,
  benchmarkExecuteAllMetricBody,
  benchmarkExecuteBody,
  benchmarkExecuteResponse,
  benchmarkListQuery,
  benchmarkListResponse,
  benchmarkProcessQuery,
  benchmarkProcessResponse,
  benchmarkQuery,
  benchmarkRescoreBody,
  benchmarkRescoreResponse,
  benchmarkSearchBody,
  benchmarkSearchResponse,
  benchmarkSubmitBody,
  benchmarkSubmitResponse,
  benchmarkVisibilityBody,
  benchmarkVisibilityResponse,
  BENCHMARK_OUTPUTS_API,
  compareRunsBody,
  compareRunsResponse,
  runOutputsQuery,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { currentUser } from '../../security/auth.ts';
import { OPTIONAL_SIGNATURE, PUBLIC, refuseClaimedUser, signedIn } from '../../security/access.ts';
import {
  benchmarksForModel,
  bundledBenchmarkArchive,
  compareRuns,
  executeAllMetrics,
  executeRuns,
  getBenchmark,
  listBenchmarksOfUser,
  rescoreRun,
  runOutputLines,
  runStatus,
  searchBenchmarks,
  setBenchmarkVisibility,
  submitBenchmark,
} from './service.ts';
import type { ModelsServices } from '../models/service.ts';

/**
 * The benchmark routes (docs/api.md#route-groups paths table): submit, listByUserId (signed,
 * benchmark contributors), search and getBenchmark (public), getByTask, execute and process/status
 * (signed, model owners), rescore (ADMIN), visibility (the benchmark's owner or ADMIN).
 */
export async function benchmarkRoutes(appIn: FastifyInstance, ctx: AppContext<ModelsServices>): Promise<void> {
  const { app, route } = typedRoutes(appIn, ['benchmarks']);

  app.post(
    BENCHMARK_API.submit,
    route(signedIn(BENCHMARK_SUBMITTERS), {
      summary: 'Submit a benchmark dataset by the URL of its zip (benchmark-dataset-schema.yml params); the dataset pipeline runs on it',
      description: `params.json taskType.type: one of ${BENCHMARK_TASKS.join(', ')}. Its rows become the benchmark's own, never public records.`,
      body: benchmarkSubmitBody,
      response: { 200: benchmarkSubmitResponse, ...errorResponses(400, 401, 403, 409) },
    }),
    async (req) => {
      const user = currentUser(req);
      const body = req.body;
      refuseClaimedUser(body.userId, user.userId);
      return { message: 'Benchmark dataset submitted successfully', data: await submitBenchmark(ctx, user, body) };
    },
  );

  app.get(
    BENCHMARK_API.listByUserId,
    route(signedIn(BENCHMARK_SUBMITTERS), {
      summary: "The caller's benchmark dataset submissions with their status, newest first (pages of 10 when startPage/endPage are given)",
      querystring: benchmarkListQuery,
      response: { 200: benchmarkListResponse, ...errorResponses(400, 401, 403) },
    }),
    async (req) => {
      const user = currentUser(req);
      refuseClaimedUser(req.query.userId, user.userId);
      return { message: 'success', ...(await listBenchmarksOfUser(ctx, user.userId, req.query)) };
    },
  );

  app.post(
    BENCHMARK_API.search,
    route(PUBLIC, {
      summary:
        "Published benchmark datasets of a task, newest first, by language, domain and submitter ('', null, [] and 'All' = any), each with its metric[]",
      body: benchmarkSearchBody,
      response: { 200: benchmarkSearchResponse, ...errorResponses(400) },
    }),
    async (req) => {
      const data = await searchBenchmarks(ctx, req.body);
      return { message: data.length ? 'Published benchmark datasets' : 'No benchmark dataset matches.', count: data.length, data };
    },
  );

  app.get(
    BENCHMARK_API.getBenchmark,
    route(OPTIONAL_SIGNATURE, {
      summary:
        'A benchmark dataset and its leaderboard: completed runs per metric, ranked in the metric direction, with signature, coverage and 95% interval',
      querystring: benchmarkQuery,
      response: { 200: benchmarkDetailResponse, ...errorResponses(400, 401, 404) },
    }),
    async (req) => getBenchmark(ctx, req.query.benchmarkId, req.user ?? null),
  );

  app.post(
    BENCHMARK_API.getByTask,
    // The original ULCA client sends this call unsigned: answered as public in legacy mode (docs/migration.md).
    route(signedIn(CONTRIBUTORS, { legacyUnsigned: true }), {
      summary:
        "The published benchmarks a model can run on (its task and languages), with metric[] and availableMetric[]; the caller's model (or ADMIN)",
      querystring: benchmarkByTaskQuery,
      body: benchmarkByTaskBody,
      response: { 200: benchmarkByTaskResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (req) => {
      const user = req.user ?? null;
      if (user) refuseClaimedUser(req.body.userId, user.userId);
      const data = await benchmarksForModel(ctx, user, req.body.modelId, req.query.userId);
      const benchmark = data.map((b) => ({ ...b, availableMetric: b.availableMetric.map((m) => m.metricName) }));
      return {
        message: data.length ? 'Benchmark datasets for this model' : 'No benchmark dataset for this model.',
        count: data.length,
        data,
        benchmark,
      };
    },
  );

  app.post(
    BENCHMARK_API.execute,
    route(signedIn(CONTRIBUTORS), {
      summary:
        "Runs a model (the caller's, or any for ADMIN) on benchmarks, one run per {benchmarkId, metric}; 409 while the same run is In-Progress or Completed",
      body: benchmarkExecuteBody,
      response: { 200: benchmarkExecuteResponse, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (req) => {
      const user = currentUser(req);
      refuseClaimedUser(req.body.userId, user.userId);
      const ids = await executeRuns(ctx, user, req.body);
      return { message: 'Benchmark run started', benchmarkProcessIds: ids };
    },
  );

  app.post(
    BENCHMARK_API.executeAllMetric,
    route(signedIn(CONTRIBUTORS), {
      summary:
        "Runs a model (the caller's, or any for ADMIN) on one benchmark with every computable metric of its task not yet run (the original ULCA client's Run Benchmark)",
      body: benchmarkExecuteAllMetricBody,
      response: { 200: benchmarkExecuteResponse, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (req) => {
      const user = currentUser(req);
      refuseClaimedUser(req.body.userId, user.userId);
      const ids = await executeAllMetrics(ctx, user, req.body);
      return { message: 'Benchmark run started', benchmarkProcessIds: ids };
    },
  );

  app.get(
    BENCHMARK_API.processStatus,
    route(signedIn(CONTRIBUTORS), {
      summary: 'A benchmark run: status, stages, score, signature, coverage, interval, counts (whoever started it, the model owner, ADMIN)',
      querystring: benchmarkProcessQuery,
      response: { 200: benchmarkProcessResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (req) => ({ message: 'success', data: await runStatus(ctx, currentUser(req), req.query.benchmarkProcessId) }),
  );

  app.post(
    BENCHMARK_API.rescore,
    route(signedIn(ADMIN_ONLY), {
      summary:
        'Recomputes a completed run from its stored outputs (ADMIN); answers the stored and the recomputed score and whether they are equal',
      body: benchmarkRescoreBody,
      response: { 200: benchmarkRescoreResponse, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (req) => {
      const user = currentUser(req);
      refuseClaimedUser(req.body.userId, user.userId);
      const data = await rescoreRun(ctx, req.body.benchmarkProcessId);
      return {
        message: data.equal ? 'The recomputed score equals the stored one.' : 'The recomputed score differs from the stored one.',
        data,
      };
    },
  );

  app.post(
    BENCHMARK_API.visibility,
    route(signedIn(BENCHMARK_SUBMITTERS), {
      summary:
        "Marks a benchmark dataset's test set open (rows shown to everyone) or hidden (inputs and references to its owner and ADMINs only); its owner or an ADMIN",
      description: 'docs/api.md#who-sees-a-benchmarks-rows. 403 for anyone but the owner and ADMINs, 404 for an unknown benchmark.',
      body: benchmarkVisibilityBody,
      response: { 200: benchmarkVisibilityResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (req) => {
      const data = await setBenchmarkVisibility(ctx, currentUser(req), req.body.benchmarkId, req.body.visibility);
      return {
        message: data.visibility === 'open' ? "The benchmark dataset's test set is open." : "The benchmark dataset's test set is hidden.",
        data,
      };
    },
  );

  app.get(
    BENCHMARK_API.download,
    // Signed, its owner or an ADMIN downloads a hidden bundled benchmark (docs/api.md#who-sees-a-benchmarks-rows).
    route(OPTIONAL_SIGNATURE, {
      summary: 'The zip of a benchmark dataset bundled with the platform (its refUrl); a submitted one downloads from its own refUrl',
      description:
        'Answers application/zip; 404 when the benchmark is not published or not bundled (docs/benchmarks.md#bundled-benchmarks), 403 TEST_SET_HIDDEN when it is hidden from the caller.',
      querystring: benchmarkQuery,
    }),
    async (req, reply) => {
      const file = await bundledBenchmarkArchive(ctx, req.query.benchmarkId, req.user ?? null);
      return reply.type('application/zip').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    },
  );

  app.get(
    BENCHMARK_OUTPUTS_API.runOutputs,
    // As the leaderboard: a published model's run is public, an unpublished one its owner's and ADMINs'
    // (docs/api.md#per-example-outputs); a hidden benchmark's rows as docs/api.md#who-sees-a-benchmarks-rows.
    route(OPTIONAL_SIGNATURE, {
      summary:
        "A completed run's rows as JSON Lines: input, reference, the model's output, the hypothesis scored, the row's own score, failed",
      description:
        'Answers application/x-ndjson, one RunOutputLine a line; 404 when the run is not visible to the caller, 409 before it has completed, 403 TEST_SET_HIDDEN when its benchmark is hidden and the caller owns neither it nor the model (docs/api.md#who-sees-a-benchmarks-rows).',
      querystring: runOutputsQuery,
    }),
    async (req, reply) => {
      const file = await runOutputLines(ctx, req.user ?? null, req.query.benchmarkProcessId);
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.post(
    BENCHMARK_OUTPUTS_API.compare,
    route(OPTIONAL_SIGNATURE, {
      summary:
        "Compares 2–5 completed runs on the same benchmark and metric: sacrebleu's paired bootstrap test for every pair and the examples where they differ most",
      body: compareRunsBody,
      response: { 200: compareRunsResponse, ...errorResponses(400, 401, 404, 409) },
    }),
    async (req) => {
      const data = await compareRuns(ctx, req.user ?? null, req.body.benchmarkProcessIds, req.body.limit);
      return {
        message: data.pairs.some((p) => p.significant)
          ? 'At least one pair differs significantly (p < 0.05).'
          : 'No pair differs significantly (p ≥ 0.05).',
        data,
      };
    },
  );
}

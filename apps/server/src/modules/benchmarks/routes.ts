import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BENCHMARK_API,
  BENCHMARK_TASKS,
  benchmarkByTaskBody,
  benchmarkByTaskResponse,
  benchmarkDetailResponse,
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
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../lib/errors.ts';
import { SIGNED, errorResponse, validatedBody } from '../../lib/route-schemas.ts';
import { currentUser, optionalAuth, requireAuth } from '../../security/auth.ts';
import {
  BENCHMARK_SUBMITTERS,
  benchmarksForModel,
  executeRuns,
  getBenchmark,
  listBenchmarksOfUser,
  rescoreRun,
  runStatus,
  searchBenchmarks,
  submitBenchmark,
} from './service.ts';

/** Who may run benchmarks on their models: the model contributors (spec 02 §2 "My models"). */
const MODEL_OWNERS = ['CONTRIBUTOR-USER', 'BENCHMARK-DATASET-CONTRIBUTOR', 'ADMIN'] as const;

/** A `userId` the caller sent must be their own: identity comes from the signature only. */
function checkClaimedUser(claimed: string | undefined, userId: string): void {
  if (claimed && claimed !== userId) throw forbidden('You can only act as yourself: userId must be your own.');
}

/**
 * The benchmark routes (DESIGN.md §11 paths table; issue #13): submit, listByUserId (signed,
 * benchmark contributors), search and getBenchmark (public), getByTask, execute and process/status
 * (signed, model owners), rescore (ADMIN).
 */
export async function benchmarkRoutes(appIn: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const submitters = requireAuth(ctx, { roles: [...BENCHMARK_SUBMITTERS] });
  const owners = requireAuth(ctx, { roles: [...MODEL_OWNERS] });
  const admin = requireAuth(ctx, { roles: ['ADMIN'] });

  app.post(
    BENCHMARK_API.submit,
    {
      preHandler: submitters,
      attachValidation: true,
      schema: {
        tags: ['benchmarks'],
        summary: 'Submit a benchmark dataset by the URL of its zip (benchmark-dataset-schema.yml params); the dataset pipeline runs on it',
        description: `params.json taskType.type: one of ${BENCHMARK_TASKS.join(', ')}. Its rows become the benchmark's own, never public records.`,
        security: SIGNED,
        body: benchmarkSubmitBody,
        response: { 200: benchmarkSubmitResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const body = validatedBody(benchmarkSubmitBody, req);
      checkClaimedUser(body.userId, user.userId);
      return { message: 'Benchmark dataset submitted successfully', data: await submitBenchmark(ctx, user, body) };
    },
  );

  app.get(
    BENCHMARK_API.listByUserId,
    {
      preHandler: submitters,
      schema: {
        tags: ['benchmarks'],
        summary: "The caller's benchmark dataset submissions with their status, newest first (pages of 10 when startPage/endPage are given)",
        security: SIGNED,
        querystring: benchmarkListQuery,
        response: { 200: benchmarkListResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      checkClaimedUser(req.query.userId, user.userId);
      return { message: 'success', ...(await listBenchmarksOfUser(ctx, user.userId, req.query)) };
    },
  );

  app.post(
    BENCHMARK_API.search,
    {
      schema: {
        tags: ['benchmarks'],
        summary: "Published benchmark datasets of a task, newest first, by language, domain and submitter ('', null, [] and 'All' = any), each with its metric[]",
        body: benchmarkSearchBody,
        response: { 200: benchmarkSearchResponse, 400: errorResponse },
      },
    },
    async (req) => {
      const data = await searchBenchmarks(ctx, req.body);
      return { message: data.length ? 'Published benchmark datasets' : 'No benchmark dataset matches.', count: data.length, data };
    },
  );

  app.get(
    BENCHMARK_API.getBenchmark,
    {
      preHandler: optionalAuth(ctx),
      schema: {
        tags: ['benchmarks'],
        summary: 'A benchmark dataset and its leaderboard: completed runs per metric, ranked in the metric direction, with signature, coverage and 95% interval',
        querystring: benchmarkQuery,
        response: { 200: benchmarkDetailResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (req) => getBenchmark(ctx, req.query.benchmarkId, req.user ?? null),
  );

  app.post(
    BENCHMARK_API.getByTask,
    {
      preHandler: owners,
      schema: {
        tags: ['benchmarks'],
        summary: "The published benchmarks a model can run on (its task and languages), with metric[] and availableMetric[]; the caller's model (or ADMIN)",
        security: SIGNED,
        body: benchmarkByTaskBody,
        response: { 200: benchmarkByTaskResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      checkClaimedUser(req.body.userId, user.userId);
      const data = await benchmarksForModel(ctx, user, req.body.modelId);
      return { message: data.length ? 'Benchmark datasets for this model' : 'No benchmark dataset for this model.', count: data.length, data };
    },
  );

  app.post(
    BENCHMARK_API.execute,
    {
      preHandler: owners,
      schema: {
        tags: ['benchmarks'],
        summary: 'Runs a model (the caller\'s, or any for ADMIN) on benchmarks, one run per {benchmarkId, metric}; 409 while the same run is In-Progress or Completed',
        security: SIGNED,
        body: benchmarkExecuteBody,
        response: { 200: benchmarkExecuteResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      checkClaimedUser(req.body.userId, user.userId);
      const ids = await executeRuns(ctx, user, req.body);
      return { message: 'Benchmark run started', benchmarkProcessIds: ids };
    },
  );

  app.get(
    BENCHMARK_API.processStatus,
    {
      preHandler: owners,
      schema: {
        tags: ['benchmarks'],
        summary: 'A benchmark run: status, stages, score, signature, coverage, interval, counts (whoever started it, the model owner, ADMIN)',
        security: SIGNED,
        querystring: benchmarkProcessQuery,
        response: { 200: benchmarkProcessResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (req) => ({ message: 'success', data: await runStatus(ctx, currentUser(req), req.query.benchmarkProcessId) }),
  );

  app.post(
    BENCHMARK_API.rescore,
    {
      preHandler: admin,
      schema: {
        tags: ['benchmarks'],
        summary: 'Recomputes a completed run from its stored outputs (ADMIN); answers the stored and the recomputed score and whether they are equal',
        security: SIGNED,
        body: benchmarkRescoreBody,
        response: { 200: benchmarkRescoreResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      checkClaimedUser(req.body.userId, user.userId);
      const data = await rescoreRun(ctx, req.body.benchmarkProcessId);
      return { message: data.equal ? 'The recomputed score equals the stored one.' : 'The recomputed score differs from the stored one.', data };
    },
  );
}

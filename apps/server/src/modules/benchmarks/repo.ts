/**
 * SQL of the benchmarks feature (tables of 007_benchmarks.sql it owns: benchmarks,
 * benchmark_runs, benchmark_outputs). Every query of those tables is here.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { BenchmarkRunsTable, BenchmarksTable } from '../../db/schema.ts';

/** A `benchmarks` row; `visibility` says who sees its rows (019_benchmark_visibility.sql; test-set.ts). */
export type BenchmarkRow = Selectable<BenchmarksTable>;

/** A `benchmark_runs` row. */
export type RunRow = Selectable<BenchmarkRunsTable>;

/** The uuid id columns read as text: an id sent by a client that is not a UUID then matches nothing instead of failing. */
const AS_TEXT = { benchmarkId: sql<string>`benchmark_id::text`, benchmarkProcessId: sql<string>`benchmark_process_id::text` };

/** Records a new benchmark submission (metadata comes with {@link setPublished}); hidden unless `visibility` says open. */
export async function insertBenchmark(
  db: Db,
  b: { benchmarkId: string; srn: string; userId: string; name: string; visibility?: 'open' | 'hidden' },
): Promise<void> {
  await db.db
    .insertInto('benchmarks')
    .values({
      benchmark_id: b.benchmarkId,
      service_request_number: b.srn,
      user_id: b.userId,
      name: b.name,
      visibility: b.visibility ?? 'hidden',
    })
    .execute();
}

/** Sets a benchmark's visibility; returns false when there is no such benchmark. */
export async function setVisibility(db: Db, benchmarkId: string, visibility: 'open' | 'hidden'): Promise<boolean> {
  const r = await db.db.updateTable('benchmarks').set({ visibility }).where('benchmark_id', '=', benchmarkId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The benchmark of a submission, or null. */
export async function findBySrn(db: Db, srn: string): Promise<BenchmarkRow | null> {
  return (await db.db.selectFrom('benchmarks').selectAll().where('service_request_number', '=', srn).executeTakeFirst()) ?? null;
}

/** A benchmark by id (any state), or null; ids that are not UUIDs are simply not found. */
export async function findBenchmark(db: Db, benchmarkId: string): Promise<BenchmarkRow | null> {
  return (await db.db.selectFrom('benchmarks').selectAll().where(AS_TEXT.benchmarkId, '=', benchmarkId).executeTakeFirst()) ?? null;
}

/** Fills a benchmark's metadata once its submission has published (idempotent). */
export async function setPublished(
  db: Db,
  benchmarkId: string,
  m: {
    task: string;
    sourceLanguage: string;
    targetLanguage: string | null;
    domain: string[];
    submitter: string;
    description: string | null;
    params: unknown;
    recordCount: number;
    publishedOn: Date;
  },
): Promise<void> {
  await db.pool.query(
    `UPDATE benchmarks SET task = $2, source_language = $3, target_language = $4, domain = $5, submitter = $6, description = $7, params = $8,
        record_count = $9, published_on = coalesce(published_on, $10) WHERE benchmark_id = $1`,
    [
      benchmarkId,
      m.task,
      m.sourceLanguage,
      m.targetLanguage,
      m.domain,
      m.submitter,
      m.description,
      JSON.stringify(m.params),
      m.recordCount,
      m.publishedOn,
    ],
  );
}

/** A user's benchmark submissions, newest first, with the total; `limit` null = all. */
export async function listOfUser(
  db: Db,
  userId: string,
  limit: number | null,
  offset: number,
): Promise<{ rows: BenchmarkRow[]; total: number }> {
  const r = await db.pool.query(
    `SELECT *, count(*) OVER ()::int AS total FROM benchmarks WHERE user_id = $1 ORDER BY submitted_on DESC, service_request_number DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  if (r.rows.length > 0 || offset === 0) return { rows: r.rows as BenchmarkRow[], total: (r.rows[0]?.total as number) ?? 0 };
  const c = await db.pool.query(`SELECT count(*)::int AS n FROM benchmarks WHERE user_id = $1`, [userId]);
  return { rows: [], total: c.rows[0].n as number };
}

/** Filters of {@link searchPublished}; undefined = any. */
export interface BenchmarkFilter {
  task?: string;
  sources?: string[];
  targets?: string[];
  domains?: string[];
  submitter?: string;
}

/** Published benchmarks matching `f`, newest publication first. */
export async function searchPublished(db: Db, f: BenchmarkFilter): Promise<BenchmarkRow[]> {
  const r = await db.pool.query(
    `SELECT * FROM benchmarks WHERE published_on IS NOT NULL
        AND ($1::text IS NULL OR task = $1)
        AND ($2::text[] IS NULL OR source_language = ANY ($2))
        AND ($3::text[] IS NULL OR target_language = ANY ($3))
        AND ($4::text[] IS NULL OR domain && $4)
        AND ($5::text IS NULL OR lower(submitter) = lower($5))
      ORDER BY published_on DESC, benchmark_id`,
    [f.task ?? null, f.sources ?? null, f.targets ?? null, f.domains ?? null, f.submitter ?? null],
  );
  return r.rows as BenchmarkRow[];
}

/**
 * Inserts an In-Progress run. Throws pg error 23505 when the same model, benchmark and metric
 * already has an In-Progress or Completed run (benchmark_runs_once).
 */
export async function insertRun(
  db: Db,
  r: {
    id: string;
    modelId: string;
    benchmarkId: string;
    metric: string;
    userId: string;
    recordCount: number;
    options: Record<string, unknown>;
  },
): Promise<void> {
  await db.db
    .insertInto('benchmark_runs')
    .values({
      benchmark_process_id: r.id,
      model_id: r.modelId,
      benchmark_id: r.benchmarkId,
      metric: r.metric,
      user_id: r.userId,
      record_count: r.recordCount,
      metric_options: JSON.stringify(r.options),
    })
    .execute();
}

/** True when the model has any run (In-Progress, Completed or Failed) on the benchmark with the metric. */
export async function anyRunExists(db: Db, modelId: string, benchmarkId: string, metric: string): Promise<boolean> {
  const r = await db.db
    .selectFrom('benchmark_runs')
    .select('benchmark_process_id')
    .where('model_id', '=', modelId)
    .where('benchmark_id', '=', benchmarkId)
    .where('metric', '=', metric)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** The metrics of the model's runs on the benchmark that are In-Progress or Completed (those a new run would duplicate). */
export async function activeRunMetrics(db: Db, modelId: string, benchmarkId: string): Promise<Set<string>> {
  const rows = await db.db
    .selectFrom('benchmark_runs')
    .select('metric')
    .where('model_id', '=', modelId)
    .where('benchmark_id', '=', benchmarkId)
    .where('status', 'in', ['In-Progress', 'Completed'])
    .execute();
  return new Set(rows.map((x) => x.metric));
}

/** A run by id, or null (ids that are not UUIDs are not found). */
export async function findRun(db: Db, id: string): Promise<RunRow | null> {
  return (await db.db.selectFrom('benchmark_runs').selectAll().where(AS_TEXT.benchmarkProcessId, '=', id).executeTakeFirst()) ?? null;
}

/** Sets a run's stage statuses (only those given). */
export async function setRunStages(db: Db, id: string, s: { inference?: string; scoring?: string }): Promise<void> {
  await db.pool.query(
    `UPDATE benchmark_runs SET inference_status = coalesce($2, inference_status), scoring_status = coalesce($3, scoring_status) WHERE benchmark_process_id = $1`,
    [id, s.inference ?? null, s.scoring ?? null],
  );
}

/** Ends a run as Completed with its score, both stages Completed. */
export async function completeRun(
  db: Db,
  id: string,
  s: { score: number; signature: string; coverage: number; scored: number; failed: number; ciLow: number | null; ciHigh: number | null },
): Promise<void> {
  await db.db
    .updateTable('benchmark_runs')
    .set({
      status: 'Completed',
      inference_status: 'Completed',
      scoring_status: 'Completed',
      score: s.score,
      signature: s.signature,
      coverage: s.coverage,
      scored_count: s.scored,
      failed_count: s.failed,
      ci_low: s.ciLow,
      ci_high: s.ciHigh,
      failure_message: null,
      completed_on: sql<Date>`now()`,
    })
    .where('benchmark_process_id', '=', id)
    .execute();
}

/**
 * Ends a run as Failed: the stage that was running (or Pending) becomes Failed, the one after
 * it 'Not Run'; no score. A no-op on a run that already ended.
 */
export async function failRun(db: Db, id: string, message: string): Promise<void> {
  await db.pool.query(
    `UPDATE benchmark_runs SET status = 'Failed', failure_message = $2, completed_on = now(), score = NULL,
        inference_status = CASE WHEN inference_status = 'Completed' THEN 'Completed' ELSE 'Failed' END,
        scoring_status = CASE WHEN inference_status <> 'Completed' THEN 'Not Run' WHEN scoring_status = 'Completed' THEN 'Completed' ELSE 'Failed' END
      WHERE benchmark_process_id = $1 AND status = 'In-Progress'`,
    [id, message],
  );
}

/** Sequence numbers that already have a stored output (a resumed run skips them). */
export async function storedSeqs(db: Db, id: string): Promise<Set<number>> {
  const rows = await db.db.selectFrom('benchmark_outputs').select('seq').where('benchmark_process_id', '=', id).execute();
  return new Set(rows.map((x) => x.seq));
}

/**
 * Copies into run `id` the stored outputs of the oldest other Completed run of the same model on the
 * same benchmark (any metric); rows `id` already has are kept. Returns how many rows were copied
 * (0 when there is no such run).
 */
export async function copySiblingOutputs(db: Db, id: string, modelId: string, benchmarkId: string): Promise<number> {
  const r = await db.pool.query(
    `INSERT INTO benchmark_outputs (benchmark_process_id, seq, output, error)
     SELECT $1, o.seq, o.output, o.error FROM benchmark_outputs o
      WHERE o.benchmark_process_id = (
        SELECT benchmark_process_id FROM benchmark_runs
         WHERE model_id = $2 AND benchmark_id = $3 AND status = 'Completed' AND benchmark_process_id <> $1
         ORDER BY created_on, benchmark_process_id LIMIT 1)
     ON CONFLICT (benchmark_process_id, seq) DO NOTHING`,
    [id, modelId, benchmarkId],
  );
  return r.rowCount ?? 0;
}

/** Stores outputs of rows (output null + error for a failed row); a row stored before is kept as it was. */
export async function storeOutputs(db: Db, id: string, rows: { seq: number; output: unknown; error: string | null }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.pool.query(
    `INSERT INTO benchmark_outputs (benchmark_process_id, seq, output, error)
     SELECT $1, seq, output, error FROM unnest($2::int[], $3::jsonb[], $4::text[]) AS t(seq, output, error)
     ON CONFLICT (benchmark_process_id, seq) DO NOTHING`,
    [
      id,
      rows.map((r) => r.seq),
      rows.map((r) => (r.output === null || r.output === undefined ? null : JSON.stringify(r.output))),
      rows.map((r) => r.error),
    ],
  );
}

/** Every stored output of a run, by seq. */
export async function readOutputs(db: Db, id: string): Promise<{ seq: number; output: unknown; error: string | null }[]> {
  return db.db
    .selectFrom('benchmark_outputs')
    .select(['seq', 'output', 'error'])
    .where('benchmark_process_id', '=', id)
    .orderBy('seq')
    .execute();
}

/** A completed run joined with its benchmark's name (model detail / My Models). */
export type ModelRunRow = RunRow & { benchmark_name: BenchmarkRow['name'] };

/** Runs of the models `modelIds`, newest first. */
export async function runsOfModels(db: Db, modelIds: string[]): Promise<ModelRunRow[]> {
  if (modelIds.length === 0) return [];
  const r = await db.pool.query(
    `SELECT r.*, b.name AS benchmark_name FROM benchmark_runs r JOIN benchmarks b USING (benchmark_id)
      WHERE r.model_id = ANY ($1) ORDER BY r.created_on DESC, r.benchmark_process_id`,
    [modelIds],
  );
  return r.rows as ModelRunRow[];
}

/** Completed runs of a benchmark (the leaderboard's entries, unranked). */
export async function completedRunsOf(db: Db, benchmarkId: string): Promise<RunRow[]> {
  return db.db
    .selectFrom('benchmark_runs')
    .selectAll()
    .where('benchmark_id', '=', benchmarkId)
    .where('status', '=', 'Completed')
    .orderBy('created_on')
    .execute();
}

/** True when the model has an In-Progress run. */
export async function hasRunningRun(db: Db, modelId: string): Promise<boolean> {
  const r = await db.db
    .selectFrom('benchmark_runs')
    .select('benchmark_process_id')
    .where('model_id', '=', modelId)
    .where('status', '=', 'In-Progress')
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** Runs still In-Progress (the start-up recovery re-queues their jobs). */
export async function runningRunIds(db: Db): Promise<string[]> {
  const rows = await db.db.selectFrom('benchmark_runs').select('benchmark_process_id').where('status', '=', 'In-Progress').execute();
  return rows.map((x) => x.benchmark_process_id);
}

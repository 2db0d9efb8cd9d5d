import type pg from 'pg';
import type { AppContext } from '../../context.ts';
import { CopyWriter } from '../../db/copy-writer.ts';
import { keepLock, type KeptLock } from '../../db/job-lock.ts';
import { openArchive } from './stages/archive.ts';
import { processArchive } from './stages/process.ts';
import { DatasetRejected, type RowEvent, type Stage } from './stages/types.ts';
import { DEFAULT_PUBLISH_CHUNK_ROWS, publishBenchmarkStaged, publishStaged, unpublish, type PublishProgress } from './publish.repo.ts';
import { SegmentPublisher } from './publisher.ts';
import { fetchSubmissionArchive } from './demo.ts';
import { writeErrorReports } from './reports.ts';
import { tempDir, withLocalCopy } from '../../storage/local-copy.ts';
import {
  ALREADY_PUBLISHED,
  ALREADY_PUBLISHED_MESSAGE,
  clearAttempt,
  createStagingTable,
  dropStagingTable,
  ERROR_COLUMNS,
  getSubmission,
  getStages,
  insertSubmissionError,
  resetStages,
  setDatasetParams,
  setDownloadResult,
  setStage,
  setSubmissionStatus,
  STAGED_COLUMNS,
  stagingTable,
  type SubmissionRow,
} from './repo.ts';
import { resumePoint, sourceZipKey } from './resume.ts';
import { raiseStageCounts, tryIngestLock } from './resume-repo.ts';

/** How often stage counts are written while rows stream (ms); the status page polls them. */
const PROGRESS_INTERVAL_MS = 500;

export interface IngestJobOptions {
  /** Rows per publish transaction (tests use small chunks to observe progress and crashes). */
  publishChunkRows?: number;
  /** Called after each committed publish chunk with the cumulative counts (progress hooks, crash tests). */
  onPublishChunk?: (p: PublishProgress) => Promise<void> | void;
}

/** Another worker holds this submission's lock (it is being processed right now). */
export class SubmissionBusy extends Error {
  constructor(srn: string) {
    super(`submission ${srn} is being processed by another worker`);
    this.name = 'SubmissionBusy';
  }
}

/** pg-boss payload of the dataset-ingest queue. */
export interface IngestJobData {
  serviceRequestNumber: string;
}

/**
 * The dataset pipeline of docs/architecture.md#dataset-stages for one submission: download → ingest → validate → publish.
 * Idempotent: a retry after a crash before publish starts over (staging and errors are cleared);
 * a crash during publish resumes at the publish cursor. Concurrent attempts on one submission are
 * excluded with an advisory lock. Whole-submission problems (DatasetRejected) end as Failed with
 * the reason in the error report and nothing published.
 */
export async function runIngestJob(ctx: AppContext, srn: string, opts: IngestJobOptions = {}): Promise<void> {
  const lockClient = await ctx.db.pool.connect();
  let kept: KeptLock | undefined;
  try {
    if (!(await tryIngestLock(lockClient, srn))) throw new SubmissionBusy(srn);
    // A PostgreSQL restart frees the lock with its session: taken again at once (db/job-lock.ts keepLock;
    // the name is tryIngestLock's, `ingest:<srn>`).
    kept = keepLock(ctx.db, lockClient, `ingest:${srn}`, (retaken, err) =>
      ctx.log[retaken ? 'info' : 'warn']({ srn, err, retaken }, 'dataset job lost its database connection'),
    );
    const ended = await runLocked(ctx, srn, opts);
    if (ended) await countEndedIngest(ctx, srn);
  } finally {
    if (kept) await kept.release();
    else lockClient.release();
  }
}

/** Records of an ended submission: valid ones (validate stage successes) and rejected rows (ingest + validate failures). */
async function endedCounts(ctx: AppContext, srn: string): Promise<{ status: string | undefined; success: number; failed: number }> {
  const [sub, stages] = await Promise.all([getSubmission(ctx.db.pool, srn), getStages(ctx.db.pool, srn)]);
  const of = (stage: string) => stages.find((s) => s.stage === stage);
  return {
    status: sub?.status,
    success: of('validate')?.success_count ?? 0,
    failed: (of('ingest')?.failed_count ?? 0) + (of('validate')?.failed_count ?? 0),
  };
}

/** What the job log reports when an ingest attempt ends (jobs/retry.ts): the submission's status and record counts. */
export async function ingestSummary(ctx: AppContext, srn: string): Promise<Record<string, unknown>> {
  const c = await endedCounts(ctx, srn);
  return { status: c.status ?? null, records: { success: c.success, failed: c.failed } };
}

/** Counts an ended submission's records in the metrics once (ulca_ingest_records_total; docs/operations.md#running-it-in-production). */
async function countEndedIngest(ctx: AppContext, srn: string): Promise<void> {
  const c = await endedCounts(ctx, srn);
  ctx.metrics.ingestRecords(c.success, c.failed);
}

/** Runs the submission's pipeline under its lock; true when this call ended it (Completed or Failed), false when it had ended before. */
async function runLocked(ctx: AppContext, srn: string, opts: IngestJobOptions): Promise<boolean> {
  const sub = await getSubmission(ctx.db.pool, srn);
  if (!sub || sub.status === 'Completed' || sub.status === 'Failed') return false;
  const stages = await getStages(ctx.db.pool, srn);
  const validated = stages.find((s) => s.stage === 'validate')?.status === 'Completed';
  const publishing = stages.find((s) => s.stage === 'publish')?.status === 'In-Progress';
  await setSubmissionStatus(ctx.db.pool, srn, 'In-Progress');

  if (!(validated && publishing)) {
    // An attempt whose worker died after the download resumes: what it published and staged stays (resume.ts).
    const resume = await resumePoint(ctx, srn, stages);
    if (!resume) {
      // Start over. Chunks published while an earlier attempt was still reading the file are taken back first.
      await unpublish(ctx.db, srn, sub.dataset_id);
      await clearAttempt(ctx.db, srn);
      await resetStages(ctx.db.pool, srn);
    }
    try {
      const zipKey = sourceZipKey(srn);
      if (!resume) {
        await setStage(ctx.db.pool, srn, 'download', 'In-Progress');
        const dl = await fetchSubmissionArchive(ctx, sub.url, zipKey);
        await setDownloadResult(ctx.db, srn, dl);
        await setStage(ctx.db.pool, srn, 'download', 'Completed', { success: 1, failed: 0 });
      }
      // The zip is read through the store: in place when local, from a temp copy otherwise (storage/local-copy.ts).
      const ok = await withLocalCopy(ctx.store, zipKey, tempDir(ctx.config.dataDir), (zipPath) =>
        ingestAndValidate(ctx, sub, zipPath, opts, resume?.firstUnstagedSeq ?? 0),
      );
      if (!ok) return true;
    } catch (err) {
      if (err instanceof DatasetRejected) {
        if (err.detail) ctx.log.warn({ srn, code: err.code, detail: err.detail }, 'dataset refused');
        await unpublish(ctx.db, srn, sub.dataset_id);
        await rejectSubmission(ctx, srn, err);
        return true;
      }
      throw err;
    }
  }

  // Every record is validated: publish what is still staged (all of it after a crash mid-publish).
  const fresh = await getSubmission(ctx.db.pool, srn);
  await setStage(ctx.db.pool, srn, 'publish', 'In-Progress');
  // A benchmark dataset's rows become the benchmark's rows (benchmark_records), never public records.
  const result =
    sub.kind === 'benchmark'
      ? await publishBenchmarkStaged(ctx.db, { srn, datasetId: sub.dataset_id })
      : await publishStaged(
          ctx.db,
          { srn, datasetId: sub.dataset_id, datasetType: fresh!.dataset_type! },
          { chunkRows: opts.publishChunkRows, onChunk: opts.onPublishChunk },
        );
  await dropStagingTable(ctx.db, srn);
  // Valid records that were all on the platform already (a re-submission) are merged, not lost: the
  // publish ran to its end, so it is Completed, and the outcome says why nothing is new.
  await setStage(ctx.db.pool, srn, 'publish', 'Completed');
  await writeErrorReports(ctx, srn);
  await setSubmissionStatus(
    ctx.db.pool,
    srn,
    'Completed',
    result.success > 0 ? {} : { failureCode: ALREADY_PUBLISHED, failureMessage: ALREADY_PUBLISHED_MESSAGE },
  );
  return true;
}

/**
 * Streams the zip through ingest and validate, staging valid records with COPY and recording
 * per-row errors; counts are written every PROGRESS_INTERVAL_MS. Staging is committed in segments
 * of `publishChunkRows` records, and each committed segment is published while reading goes on,
 * so PostgreSQL merges records on one core while this process parses on the other. If the file is
 * rejected later (e.g. malformed JSON near its end), the caller takes those records back with
 * `unpublish`. Returns false when the submission ended as Failed (a stage with no successes).
 * A resumed attempt passes `firstUnstaged`: records before it are counted but not staged again.
 */
async function ingestAndValidate(
  ctx: AppContext,
  sub: SubmissionRow,
  zipPath: string,
  opts: IngestJobOptions,
  firstUnstaged = 0,
): Promise<boolean> {
  const srn = sub.service_request_number;
  const segmentRows = opts.publishChunkRows ?? DEFAULT_PUBLISH_CHUNK_ROWS;
  const archive = await openArchive(zipPath, {
    maxUnzippedBytes: ctx.config.maxUnzippedBytes,
    maxCompressionRatio: ctx.config.maxCompressionRatio,
    maxZipEntries: ctx.config.maxZipEntries,
  });
  const c = { ingestOk: 0, ingestFail: 0, valid: 0, validateFail: 0, validSeconds: 0, validateFailSeconds: 0 };
  let datasetType: string | null = null;
  let paramsSaved: Promise<unknown> = Promise.resolve();
  await setStage(ctx.db.pool, srn, 'ingest', 'In-Progress');
  // Publishing of committed segments runs one at a time, beside the reading.
  const publisher = new SegmentPublisher(
    ctx.db,
    { srn, datasetId: sub.dataset_id, datasetType: () => datasetType! },
    segmentRows,
    opts.onPublishChunk,
  );

  // Two COPY streams run side by side: valid records to staging, row errors to dataset_errors.
  const client: pg.PoolClient = await ctx.db.pool.connect();
  const errClient: pg.PoolClient = await ctx.db.pool.connect();
  let clean = false;
  try {
    await createStagingTable(client, srn);
    let staged = new CopyWriter(client, stagingTable(srn), STAGED_COLUMNS);
    let inSegment = 0;
    const errors = new CopyWriter(errClient, 'dataset_errors', ERROR_COLUMNS);
    let lastProgress = Date.now();
    const events: AsyncIterable<RowEvent> = processArchive(archive, {
      benchmark: sub.kind === 'benchmark',
      onParams: (type, params) => {
        datasetType = type;
        // Awaited below, before anything reads the type back (the final publish does).
        paramsSaved = Promise.all([setDatasetParams(ctx.db, srn, type, params), setStage(ctx.db.pool, srn, 'validate', 'In-Progress')]);
      },
    });
    for await (const ev of events) {
      if (ev.kind === 'valid') {
        const r = ev.record;
        c.ingestOk++;
        c.valid++;
        c.validSeconds += r.durationSeconds ?? 0;
        for (const m of r.media) if (!(await ctx.store.exists(m.key))) await ctx.store.put(m.key, m.bytes);
        // Records before firstUnstaged were staged (or published) by the attempt that died.
        if (r.seq >= firstUnstaged)
          await staged.write([
            r.seq,
            `\\x${r.hash}`,
            r.sourceLanguage,
            r.targetLanguage,
            r.domain,
            r.collectionMethod,
            r.submitter,
            r.durationSeconds,
            JSON.stringify(r.data),
          ]);
        if (r.seq >= firstUnstaged && ++inSegment >= segmentRows) {
          await staged.end();
          staged = new CopyWriter(client, stagingTable(srn), STAGED_COLUMNS);
          inSegment = 0;
          // A benchmark's rows are published at the end, all at once (publishBenchmarkStaged).
          if (sub.kind !== 'benchmark') publisher.publishCommitted();
        }
      } else {
        if (ev.stage === 'ingest') c.ingestFail++;
        else {
          c.ingestOk++;
          c.validateFail++;
          c.validateFailSeconds += ev.durationSeconds ?? 0;
        }
        await errors.write([srn, ev.stage, ev.code, ev.message, ev.seq, ev.snippet]);
      }
      if (Date.now() - lastProgress > PROGRESS_INTERVAL_MS) {
        lastProgress = Date.now();
        await writeProgress(ctx, srn, c);
      }
    }
    await staged.end();
    await errors.end();
    await paramsSaved;
    clean = true;
  } catch (err) {
    if (err instanceof DatasetRejected) await writeProgress(ctx, srn, c);
    throw err;
  } finally {
    // A COPY interrupted by an error leaves its connection unusable: destroy it instead of pooling it.
    client.release(!clean);
    errClient.release(!clean);
    await archive.close().catch(() => undefined);
    await paramsSaved.catch(() => undefined);
    await publisher.settle();
  }
  await publisher.finish();
  if (!datasetType) throw new DatasetRejected('ingest', 'PARAMS_INVALID', 'params.json could not be read.');
  const ingestStatus = c.ingestOk > 0 ? 'Completed' : 'Failed';
  const validateStatus = c.valid > 0 ? 'Completed' : 'Failed';
  await setStage(ctx.db.pool, srn, 'ingest', ingestStatus, {
    success: c.ingestOk,
    failed: c.ingestFail,
    successSeconds: c.validSeconds + c.validateFailSeconds,
  });
  if (ingestStatus === 'Failed') {
    await finishFailed(ctx, srn, ['validate', 'publish'], 'NO_VALID_RECORD', 'No record passed the ingest checks.');
    return false;
  }
  await setStage(ctx.db.pool, srn, 'validate', validateStatus, {
    success: c.valid,
    failed: c.validateFail,
    successSeconds: c.validSeconds,
    failedSeconds: c.validateFailSeconds,
  });
  if (validateStatus === 'Failed') {
    await finishFailed(ctx, srn, ['publish'], 'NO_VALID_RECORD', 'No record passed validation.');
    return false;
  }
  return true;
}

async function writeProgress(
  ctx: AppContext,
  srn: string,
  c: { ingestOk: number; ingestFail: number; valid: number; validateFail: number; validSeconds: number; validateFailSeconds: number },
): Promise<void> {
  // Never lower than stored: a resumed attempt counts from the start of the file again.
  await raiseStageCounts(ctx.db.pool, srn, 'ingest', { success: c.ingestOk, failed: c.ingestFail });
  await raiseStageCounts(ctx.db.pool, srn, 'validate', {
    success: c.valid,
    failed: c.validateFail,
    successSeconds: c.validSeconds,
    failedSeconds: c.validateFailSeconds,
  });
}

/**
 * Ends the stages after the failing one: a stage that never started is 'Not Run', one that was
 * under way is Failed (its counts kept). Writes the reports and fails the submission.
 */
async function finishFailed(ctx: AppContext, srn: string, rest: Stage[], code: string, message: string): Promise<void> {
  const current = await getStages(ctx.db.pool, srn);
  for (const s of rest) {
    const row = current.find((c) => c.stage === s);
    // Validate is marked In-Progress with ingest; if no record reached it (params.json refused), it never ran.
    const validateNeverReached =
      s === 'validate' && row?.status === 'In-Progress' && Number(row.success_count) === 0 && Number(row.failed_count) === 0;
    const started = row !== undefined && row.status !== 'Pending' && !validateNeverReached;
    await setStage(ctx.db.pool, srn, s, started ? 'Failed' : 'Not Run', started ? undefined : { success: 0, failed: 0 });
  }
  await dropStagingTable(ctx.db, srn);
  await writeErrorReports(ctx, srn);
  await setSubmissionStatus(ctx.db.pool, srn, 'Failed', { failureCode: code, failureMessage: message });
}

/** A whole-submission rejection: the failing stage and those after it are Failed; the reason goes in the report. */
async function rejectSubmission(ctx: AppContext, srn: string, err: DatasetRejected): Promise<void> {
  const order: Stage[] = ['download', 'ingest', 'validate', 'publish'];
  const at = order.indexOf(err.stage);
  // No earlier stage stays running: one left In-Progress by a fault ends Failed, one never started is Not Run.
  for (const s of await getStages(ctx.db.pool, srn)) {
    if (order.indexOf(s.stage) >= at) continue;
    if (s.status === 'In-Progress') await setStage(ctx.db.pool, srn, s.stage, 'Failed');
    else if (s.status === 'Pending') await setStage(ctx.db.pool, srn, s.stage, 'Not Run', { success: 0, failed: 0 });
  }
  await setStage(ctx.db.pool, srn, err.stage, 'Failed');
  await insertSubmissionError(ctx.db, srn, err.stage, err.code, err.message);
  await finishFailed(ctx, srn, order.slice(at + 1), err.code, err.message);
}

/**
 * Fails a submission after an unexpected error on the last retry, taking back anything it
 * published. The error is put on the first stage still running (publish when none is), so the
 * stages after it read 'Not Run'.
 */
export async function failSubmission(ctx: AppContext, srn: string, code: string, message: string): Promise<void> {
  const sub = await getSubmission(ctx.db.pool, srn);
  if (sub) await unpublish(ctx.db, srn, sub.dataset_id);
  const running = (await getStages(ctx.db.pool, srn)).find((s) => s.status === 'In-Progress')?.stage ?? 'publish';
  await rejectSubmission(ctx, srn, new DatasetRejected(running, code, message));
}

import crypto from 'node:crypto';
import { isAudioDatasetType, type SubmitDatasetBody } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { QUEUES } from '../../jobs/queues.ts';
import type { AuthUser } from '../../security/auth.ts';
import { secretKey } from '../../security/crypto.ts';
import { errorSummary, reportToken } from './reports.ts';
import type pg from 'pg';
import * as repo from './repo.ts';
import * as viewerRepo from './viewer.repo.ts';
import * as resumeRepo from './resume-repo.ts';
import { readBenchmarkRecords as readBenchmarkRows } from './publish.repo.ts';
import { getStages, getSubmission, listSubmissions, submissionUrls, type SubmissionRow } from './repo.ts';
import { isServiceRequestNumber, newServiceRequestNumber } from './srn.ts';
import type { MarkableRow, ReadyMadeRow } from './types.ts';
import { keysetPages } from '../../lib/keyset.ts';

export const NAME_TAKEN_MESSAGE = 'A dataset with this name already exists.';

/**
 * What other features and the jobs layer use of this module (docs/architecture.md#layout: other features call
 * service.ts only): service request numbers, the ingest job body and its failure path, demo data.
 */
export { isServiceRequestNumber, newServiceRequestNumber } from './srn.ts';
export { failSubmission, ingestSummary, runIngestJob, SubmissionBusy, type IngestJobData, type IngestJobOptions } from './ingest.ts';
export {
  bundledBenchmarkKeys,
  completedDemoSubmission,
  demoBenchmarkSubmissions,
  publishDemoDatasets,
  submitDemoBenchmarks,
  type DemoBenchmarkSubmission,
} from './demo.ts';
export type { MarkableRow, ReadyMadeRow } from './types.ts';
export { sourceZipKey } from './resume.ts';

type DbContext = Pick<AppContext, 'db'>;

/**
 * Inserts a submission row and its Pending stages as submit does, without the download (tests of
 * other features that need a submission in a given state). Throws pg error 23505 on a taken name.
 */
export async function insertSubmission(ctx: DbContext, sub: Parameters<typeof repo.insertSubmission>[1]): Promise<void> {
  await repo.insertSubmission(ctx.db, sub);
}

// The ready-made flag of a submission, read and set by the readymade module.

/** The marked submissions, newest publication first; of one type when `datasetType` is given. */
export async function listReadyMade(ctx: DbContext, datasetType: string | undefined): Promise<ReadyMadeRow[]> {
  return repo.listReadyMade(ctx.db, datasetType);
}

/** The marked submission of `datasetId`, or null. */
export async function getReadyMadeByDatasetId(ctx: DbContext, datasetId: string): Promise<ReadyMadeRow | null> {
  return repo.getReadyMadeByDatasetId(ctx.db, datasetId);
}

/** What marking needs to know about submission `srn`, or null when it does not exist. */
export async function getMarkable(ctx: DbContext, srn: string): Promise<MarkableRow | null> {
  return repo.getMarkable(ctx.db, srn);
}

/** Marks `srn` ready-made by `by` with its record count; false when it is not a Completed dataset. */
export async function setReadyMade(ctx: DbContext, srn: string, by: string, recordCount: number): Promise<boolean> {
  return repo.setReadyMade(ctx.db, srn, by, recordCount);
}

/** Clears the ready-made mark of `srn`. */
export async function clearReadyMade(ctx: DbContext, srn: string): Promise<void> {
  await repo.clearReadyMade(ctx.db, srn);
}

/** Stores the record count of a marked dataset (computed once, on first listing). */
export async function storeRecordCount(ctx: DbContext, datasetId: string, recordCount: number): Promise<void> {
  await repo.storeRecordCount(ctx.db, datasetId, recordCount);
}

/** Takes the submission lock of `srn` on `client` if free (held by the worker running its job; the jobs layer's recovery probes it). */
export async function tryIngestLock(client: pg.PoolClient, srn: string): Promise<boolean> {
  return resumeRepo.tryIngestLock(client, srn);
}

/** Releases the submission lock of `srn` taken on `client`. */
export async function releaseIngestLock(client: pg.PoolClient, srn: string): Promise<void> {
  await resumeRepo.releaseIngestLock(client, srn);
}

/** Rows of a published benchmark dataset in order, read by the benchmarks module. */
export async function readBenchmarkRecords(ctx: DbContext, datasetId: string): ReturnType<typeof readBenchmarkRows> {
  return readBenchmarkRows(ctx.db, datasetId);
}

// Datasets' params.json for search exports and search SQL.

/** SQL relation `(dataset_id, params)` of every dataset, to join in search SQL. */
export const DATASET_PARAMS_RELATION = repo.DATASET_PARAMS_RELATION;

/** The params.json of the datasets `ids`. */
export async function paramsOfDatasets(ctx: DbContext, ids: string[]): ReturnType<typeof repo.paramsOfDatasets> {
  return repo.paramsOfDatasets(ctx.db, ids);
}

/** The params.json of every dataset of `datasetType`. */
export async function paramsOfType(ctx: DbContext, datasetType: string): ReturnType<typeof repo.paramsOfType> {
  return repo.paramsOfType(ctx.db, datasetType);
}

// A published dataset's records for the dataset viewer and versions (docs/api.md#dataset-viewer).
/** A published dataset as the viewer reads it. */
export type PublishedDataset = viewerRepo.PublishedDataset;
/** Reads a GROUPING SETS aggregate over records into RecordAggregates (record-aggregates.ts), for a search's matched records. */
export { aggregatesOfGroupingRows, type GroupingSetsCount, type RecordAggregates } from './record-aggregates.ts';
/** The viewer's filters of one dataset type. */
export type RecordFilters = viewerRepo.RecordFilters;
/** One record as the viewer shows it. */
export type ViewerRecord = viewerRepo.ViewerRecord;

/** The published dataset `datasetId` (type, counts), or null. */
export function findPublishedDataset(
  ...a: Parameters<typeof viewerRepo.findPublishedDataset>
): ReturnType<typeof viewerRepo.findPublishedDataset> {
  return viewerRepo.findPublishedDataset(...a);
}

/** One page of a dataset's records with the type's filters (keyset or page number). */
export function recordsPage(...a: Parameters<typeof viewerRepo.recordsPage>): ReturnType<typeof viewerRepo.recordsPage> {
  return viewerRepo.recordsPage(...a);
}

/** One record of a dataset by its hash, or null. */
export function recordOfDataset(...a: Parameters<typeof viewerRepo.recordOfDataset>): ReturnType<typeof viewerRepo.recordOfDataset> {
  return viewerRepo.recordOfDataset(...a);
}

/** Per-column counts and the length or duration histogram of a dataset's records. */
export function aggregateRecords(...a: Parameters<typeof viewerRepo.aggregateRecords>): ReturnType<typeof viewerRepo.aggregateRecords> {
  return viewerRepo.aggregateRecords(...a);
}

/**
 * The records of the submission dataset `datasetId`, in hash order, read `pageSize` at a time (so
 * memory stays flat whatever the dataset's size): each record's hash, and its published data when
 * `withData`. For dataset versions (docs/api.md#dataset-versions).
 */
export async function* recordsOfDataset(
  db: AppContext['db'],
  datasetType: string,
  datasetId: string,
  opts: { withData: boolean; pageSize?: number },
): AsyncGenerator<{ hash: Buffer; data?: Record<string, unknown> }> {
  yield* keysetPages(
    (after: Buffer | null, size) => viewerRepo.recordPage(db, datasetType, datasetId, after, size, opts.withData),
    (row) => row.hash,
    opts.pageSize ?? 10_000,
  );
}

/** The name and URL of a submission, as the route's schema left them (checked and trimmed). */
type SubmitFields = Pick<SubmitDatasetBody, 'datasetName' | 'url'>;

/**
 * Submit Dataset (docs/product.md#dataset-screens, docs/product.md#validation-rules, docs/api.md#route-groups; POST /ulca/apis/v0/dataset/corpus/submit), its body
 * already checked by the route's schema (the form rules of @ulca/contracts): reserves the unique
 * name, records the submission with four Pending stages and queues the pipeline job. Throws 403
 * (userId of someone else), 409 (name taken).
 */
export async function submitDataset(ctx: AppContext, user: AuthUser, body: SubmitDatasetBody) {
  if (body.userId !== user.userId) throw forbidden('You can only submit datasets as yourself.');
  return submitOfKind(ctx, user, body, 'dataset');
}

/**
 * Submits a benchmark dataset (POST /ulca/apis/v0/benchmark/submit, called by
 * the benchmarks module, which checks the role; the body checked by the route's schema, with the
 * same name and URL rules): the same name reservation and pipeline as {@link submitDataset}, with params.json per benchmark-dataset-schema.yml and the rows
 * published as the benchmark's own (benchmark_records). Returns the service request number and the
 * dataset id (the benchmarkId). Throws 409 (name taken).
 */
export async function submitBenchmarkDataset(ctx: AppContext, user: AuthUser, body: SubmitFields) {
  return submitOfKind(ctx, user, body, 'benchmark');
}

/**
 * A submission as the benchmarks module needs it: status, kind, the params stored from params.json
 * (benchmark params keep taskType, name, description) and when it was submitted; null when unknown.
 */
export async function submissionSummary(ctx: AppContext, srn: string) {
  const sub = isServiceRequestNumber(srn) ? await getSubmission(ctx.db.pool, srn) : null;
  if (!sub) return null;
  return {
    serviceRequestNumber: sub.service_request_number,
    datasetId: sub.dataset_id,
    userId: sub.user_id,
    datasetName: sub.dataset_name,
    kind: sub.kind,
    status: sub.status,
    params: sub.params,
    submittedOn: sub.submitted_on,
    completedOn: sub.completed_on,
  };
}

/**
 * The address each of the submissions `srns` was submitted from, as others may be shown it (the
 * benchmark details' Download): its http(s)/ftp URL without any user name or password
 * in it; absent for a bundled demo submission (`demo:<name>` is no address) or an unknown one.
 */
export async function submittedUrls(ctx: AppContext, srns: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [srn, url] of await submissionUrls(ctx.db.pool, srns)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    if (!['http:', 'https:', 'ftp:'].includes(parsed.protocol)) continue;
    parsed.username = '';
    parsed.password = '';
    out.set(srn, parsed.toString());
  }
  return out;
}

async function submitOfKind(ctx: AppContext, user: AuthUser, body: SubmitFields, kind: 'dataset' | 'benchmark') {
  // The name and URL rules were checked by the route's body schema (@ulca/contracts datasetNameSchema,
  // datasetUrlSchema; docs/product.md#validation-rules): both come trimmed.
  const { datasetName: name, url } = body;
  const srn = newServiceRequestNumber();
  const datasetId = crypto.randomUUID();
  try {
    await repo.insertSubmission(ctx.db, { srn, datasetId, userId: user.userId, datasetName: name, url, kind });
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new ApiError(409, 'DATASET_NAME_TAKEN', NAME_TAKEN_MESSAGE, [{ field: 'datasetName', message: NAME_TAKEN_MESSAGE }]);
    throw err;
  }
  await ctx.boss.send(QUEUES.datasetIngest, { serviceRequestNumber: srn }, { singletonKey: srn });
  return { serviceRequestNumber: srn, datasetId, timestamp: new Date().toISOString() };
}

/** The submission `srn` if `user` may see it (owner or ADMIN); otherwise 404, so others learn nothing. */
export async function visibleSubmission(ctx: AppContext, user: AuthUser, srn: string): Promise<SubmissionRow> {
  const sub = isServiceRequestNumber(srn) ? await getSubmission(ctx.db.pool, srn) : null;
  if (!sub || (sub.user_id !== user.userId && !user.roles.includes('ADMIN')))
    throw notFound('No dataset submission with this service request number.');
  return sub;
}

/** Contribution rows (docs/product.md#entities-and-fields) of `userId`, newest first; pages of 10 when startPage/endPage are given (1-based, inclusive). */
export async function listContributions(ctx: AppContext, user: AuthUser, q: { userId: string; startPage?: number; endPage?: number }) {
  if (q.userId !== user.userId && !user.roles.includes('ADMIN')) throw forbidden('You can only list your own contributions.');
  const pageSize = 10;
  const paged = q.startPage !== undefined;
  const start = q.startPage ?? 1;
  const end = Math.max(start, q.endPage ?? start);
  const { rows, count } = await listSubmissions(
    ctx.db.pool,
    q.userId,
    paged ? (end - start + 1) * pageSize : null,
    paged ? (start - 1) * pageSize : 0,
  );
  return {
    count,
    // The original ULCA client reads totalCount and serviceRequestNumber (docs/api.md#using-the-original-ulca-web-client).
    totalCount: count,
    data: rows.map((r) => ({
      submitRefNumber: r.service_request_number,
      serviceRequestNumber: r.service_request_number,
      datasetId: r.dataset_id,
      datasetName: r.dataset_name,
      datasetType: r.dataset_type,
      submittedOn: r.submitted_on.toISOString(),
      status: r.status,
      domain: Array.isArray(r.domain) ? (r.domain as string[]) : [],
      license: typeof r.license === 'string' ? r.license : null,
    })),
  };
}

/**
 * The `details` of a stage row, sent as JSON text (docs/product.md#entities-and-fields Submission detail; ULCA's task
 * tracker). Counts are records; `durationInSeconds` (ours) and the original ULCA names
 * `validateSuccessSeconds`/`validateErrorSeconds` (validate stage) and
 * `publishSuccessSeconds`/`publishErrorSeconds` (publish stage) are seconds of audio, given for
 * speech types only (from ingest on, resp. on those two stages).
 */
export interface StageDetails {
  processedCount: ({ type: 'success' | 'failed'; count: number; durationInSeconds?: number } & Record<string, number | string>)[];
}

/**
 * Stage rows of the status API (docs/product.md#entities-and-fields Submission detail), with the outcome of
 * a finished submission (its failure code and message, or ALREADY_PUBLISHED; null otherwise).
 * Stage statuses include 'Not Run' for stages an earlier failure kept from starting.
 */
export async function submissionStatus(ctx: AppContext, user: AuthUser, srn: string) {
  const sub = await visibleSubmission(ctx, user, srn);
  const stages = await getStages(ctx.db.pool, srn);
  const timedType = isAudioDatasetType(sub.dataset_type);
  const finished = sub.status === 'Completed' || sub.status === 'Failed';
  return {
    datasetName: sub.dataset_name,
    datasetType: sub.dataset_type,
    status: sub.status,
    outcome: finished && sub.failure_code ? { code: sub.failure_code, message: sub.failure_message ?? '' } : null,
    data: stages.map((s) => {
      // Download counts files, not audio: hours apply from ingest on.
      const timed = timedType && s.stage !== 'download';
      // The original ULCA client shows hours from these stage-named keys (validate, publish) and counts otherwise.
      const named = timed && (s.stage === 'validate' || s.stage === 'publish') ? s.stage : undefined;
      const details: StageDetails = {
        processedCount: [
          {
            type: 'success',
            count: s.success_count,
            ...(timed ? { durationInSeconds: round3(s.success_seconds) } : {}),
            ...(named ? { [`${named}SuccessSeconds`]: round3(s.success_seconds) } : {}),
          },
          {
            type: 'failed',
            count: s.failed_count,
            ...(timed ? { durationInSeconds: round3(s.failed_seconds) } : {}),
            ...(named ? { [`${named}ErrorSeconds`]: round3(s.failed_seconds) } : {}),
          },
        ],
      };
      return {
        serviceRequestNumber: sub.service_request_number,
        datasetId: sub.dataset_id,
        datasetName: sub.dataset_name,
        datasetType: sub.dataset_type,
        stage: s.stage,
        tool: s.stage,
        status: s.status,
        // A JSON string, as ULCA sends it and the original client parses it; our web app parses it too.
        details: JSON.stringify(details),
        startTime: s.started_on?.toISOString() ?? null,
        endTime: s.ended_on?.toISOString() ?? null,
      };
    }),
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Error report of a submission (POST /ulca/error-consumer/v0/error/report): the CSV links, absolute
 * under PUBLIC_URL (the original ULCA client may run on another origin) and valid for an hour,
 * plus the summary rows. Throws 404 for another user's or an unknown submission.
 */
export async function errorReport(ctx: AppContext, user: AuthUser, srn: string) {
  const sub = await visibleSubmission(ctx, user, srn);
  const secret = secretKey(ctx.config);
  const link = (kind: 'summary' | 'detail') =>
    `${ctx.config.publicUrl}/ulca/apis/v0/dataset/error-report/${srn}/${kind}.csv?token=${reportToken(secret, srn, kind)}`;
  const summary = await errorSummary(ctx, srn);
  return {
    serviceRequestNumber: srn,
    status: sub.status,
    file: sub.error_detail_key ? link('detail') : null,
    consolidated_file: sub.error_summary_key ? link('summary') : null,
    errors: summary,
  };
}

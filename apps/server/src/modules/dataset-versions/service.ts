/**
 * Dataset versions (docs/api.md#dataset-versions, docs/product.md#dataset-versions). A dataset is
 * named by its first submission's dataset id; that submission is version 1. Its owner submits a
 * new zip as a new version: it goes through the ordinary dataset pipeline (records de-duplicated
 * globally, as always) and, once that submission has ended, the version is frozen here: its record
 * set (the records its zip published or merged into), record count, params, and the sha-256 of its
 * canonical export (one record's data a line, keys sorted, in record-id order, stored in the object
 * store and downloaded byte for byte). Records added and removed are counted against the previous
 * version; a zip whose records equal the latest version's adds nothing and is marked Identical.
 * Freezing happens when the submission's job ends, or else when the versions are next read (one
 * transaction per dataset, serialised), reading both record sets a page at a time.
 * Other features import this file only.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DATASET_VERSIONS_API, type DatasetVersion, type VersionListResponse, type VersionSubmitBody } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../security/auth.ts';
import { sendObject } from '../../storage/send-object.ts';
import * as datasets from '../datasets/service.ts';
import * as repo from './repo.ts';
import type { VersionRow } from './repo.ts';
import { bibtex, cff, croissant, datacite, datasetCard, type CiteFacts } from './cite.ts';
import { keysetPages } from '../../lib/keyset.ts';

/** The 404 text of a dataset that does not exist or is not published. */
export const DATASET_NOT_FOUND = 'No published dataset with this datasetId.';
/** Records read per batch when writing an export. */
const EXPORT_BATCH = 1000;

/** Object-store key of a version's canonical export. */
const exportKey = (datasetId: string, version: number) => `dataset-versions/${datasetId}/v${version}.jsonl`;

/** JSON with object keys sorted at every level: the same data always gives the same bytes. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The dataset `datasetId` names (its own, or the dataset a version submission belongs to); 404 unless published. */
async function rootDataset(ctx: AppContext, datasetId: string): Promise<datasets.PublishedDataset> {
  const id = datasetId.trim();
  const root = (await repo.rootOfSubmissionDataset(ctx.db, id)) ?? id;
  const d = await datasets.findPublishedDataset(ctx.db, root);
  if (!d) throw notFound(DATASET_NOT_FOUND);
  return d;
}

/** Hashes read and membership changes written per batch while freezing a version. */
const BATCH = 10_000;

/**
 * The previous version's hashes (`prev`, hash order) against the new submission's (`next`, hash
 * order), merged as two sorted streams: hashes only in `next` are added, only in `prev` removed.
 * Changes are handed to `flush` every `batch` hashes (the members table's writes), so memory stays
 * flat for a dataset of any size. Returns the counts: records in `next`, added, removed.
 */
export async function streamDiff(
  prev: AsyncIterator<Buffer>,
  next: AsyncIterator<{ hash: Buffer }>,
  flush: (added: Buffer[], removed: Buffer[]) => Promise<void>,
  batch = BATCH,
): Promise<{ records: number; added: number; removed: number }> {
  let added: Buffer[] = [];
  let removed: Buffer[] = [];
  const counts = { records: 0, added: 0, removed: 0 };
  let p = await prev.next();
  let n = await next.next();
  while (!p.done || !n.done) {
    const c = p.done ? 1 : n.done ? -1 : Buffer.compare(p.value, n.value.hash);
    if (c <= 0 && !p.done) {
      if (c < 0) removed.push(p.value);
      p = await prev.next();
    }
    if (c >= 0 && !n.done) {
      if (c > 0) added.push(n.value.hash);
      counts.records++;
      n = await next.next();
    }
    if (added.length + removed.length >= batch) {
      counts.added += added.length;
      counts.removed += removed.length;
      await flush(added, removed);
      added = [];
      removed = [];
    }
  }
  counts.added += added.length;
  counts.removed += removed.length;
  if (added.length + removed.length > 0) await flush(added, removed);
  return counts;
}

/** The latest version's hashes in hash order, read a page at a time (members added as `newVersion` left out). */
async function* currentMembers(tx: Tx, datasetId: string, newVersion: number): AsyncGenerator<Buffer> {
  yield* keysetPages(
    (after: Buffer | null, size) => repo.currentMembersPage(tx, datasetId, newVersion, after, size),
    (hash) => hash,
    BATCH,
  );
}

/**
 * Writes the canonical export of the submission dataset `datasetId` (one record's data a line,
 * keys sorted, hash order), streamed from the database to the object store with its sha-256
 * computed on the way. Returns the digest (hex) and the size in bytes.
 */
async function writeExport(
  ctx: AppContext,
  key: string,
  datasetType: string,
  datasetId: string,
): Promise<{ sha256: string; bytes: number }> {
  const digest = crypto.createHash('sha256');
  async function* lines(): AsyncGenerator<Buffer> {
    for await (const r of datasets.recordsOfDataset(ctx.db, datasetType, datasetId, { withData: true, pageSize: EXPORT_BATCH })) {
      const line = Buffer.from(`${canonicalJson(r.data)}\n`, 'utf8');
      digest.update(line);
      yield line;
    }
  }
  const bytes = await ctx.store.put(key, Readable.from(lines()));
  return { sha256: digest.digest('hex'), bytes };
}

/**
 * Freezes every Pending version of the dataset whose submission has ended (version 1 is created
 * from the dataset's own submission the first time). One transaction per dataset, serialised.
 */
async function freezePending(ctx: AppContext, root: datasets.PublishedDataset): Promise<void> {
  const rows = await repo.versionsOf(ctx.db, root.datasetId);
  if (rows.length > 0 && !rows.some((r) => r.status === 'Pending')) return;
  await inTransaction(ctx.db, async (tx) => {
    await repo.lockDataset(tx.client, root.datasetId);
    let current = await repo.versionsOf(tx, root.datasetId);
    if (current.length === 0) {
      await repo.insertPending(tx, {
        id: crypto.randomUUID(),
        datasetId: root.datasetId,
        srn: root.serviceRequestNumber,
        submissionDatasetId: root.datasetId,
      });
      current = await repo.versionsOf(tx, root.datasetId);
    }
    for (const row of current.filter((r) => r.status === 'Pending')) await freezeOne(ctx, tx, root, row, current);
  });
}

async function freezeOne(ctx: AppContext, tx: Tx, root: datasets.PublishedDataset, row: VersionRow, all: VersionRow[]): Promise<void> {
  const sub = await datasets.submissionSummary(ctx, row.service_request_number);
  if (!sub || sub.status === 'Pending' || sub.status === 'In-Progress') return;
  if (sub.status === 'Failed')
    return repo.markEnded(
      tx,
      row.id,
      'Failed',
      'The submission of this version failed; see its status for the reasons. Nothing was added.',
    );
  const published = await datasets.findPublishedDataset(ctx.db, sub.datasetId);
  if (!published || published.datasetType !== root.datasetType) {
    return repo.markEnded(
      tx,
      row.id,
      'Failed',
      `A version must be a ${root.datasetType} dataset, like version 1; this zip is ${published?.datasetType ?? 'of no known type'}. Nothing was added.`,
    );
  }
  const latest = Math.max(0, ...all.map((r) => (r.status === 'Published' ? (r.version ?? 0) : 0)));
  const version = latest + 1;
  const counts = await streamDiff(
    currentMembers(tx, root.datasetId, version),
    datasets.recordsOfDataset(ctx.db, root.datasetType, sub.datasetId, { withData: false, pageSize: BATCH }),
    (added, removed) => repo.applyMembership(tx.client, root.datasetId, version, added, removed),
  );
  if (latest > 0 && counts.added === 0 && counts.removed === 0) {
    return repo.markEnded(
      tx,
      row.id,
      'Identical',
      `This zip has exactly the records of version ${latest}: nothing was added and no new version was made.`,
    );
  }
  const file = await writeExport(ctx, exportKey(root.datasetId, version), root.datasetType, sub.datasetId);
  await repo.markPublished(tx, row.id, { version, datasetType: root.datasetType, ...counts, params: sub.params, ...file });
  row.status = 'Published';
  row.version = version;
}

/**
 * Freezes the version that submission `srn` carries, if any, as soon as the submission's pipeline
 * job has ended (datasetPublished or datasetFailed: subscriptions.ts), so that no reader waits for a large version to be
 * frozen. A no-op for a submission that is not a version, or whose version is already frozen.
 * Throws what the database or the object store throws; readers freeze it later in that case.
 */
export async function freezeVersionOfSubmission(ctx: AppContext, srn: string): Promise<void> {
  const datasetId = await repo.datasetOfVersionSubmission(ctx.db, srn);
  if (!datasetId) return;
  const root = await datasets.findPublishedDataset(ctx.db, datasetId);
  if (root) await freezePending(ctx, root);
}

function toVersion(datasetId: string, r: VersionRow): DatasetVersion {
  return {
    version: r.version,
    status: r.status,
    serviceRequestNumber: r.service_request_number,
    recordCount: r.record_count,
    added: r.added_count,
    removed: r.removed_count,
    exportSha256: r.export_sha256,
    exportBytes: r.export_bytes === null ? null : Number(r.export_bytes),
    downloadUrl: r.status === 'Published' && r.version !== null ? `${DATASET_VERSIONS_API.download}/${datasetId}/${r.version}` : null,
    params: r.params ?? null,
    message: r.message,
    doi: r.doi,
    createdOn: r.created_on.getTime(),
    frozenOn: r.frozen_on ? r.frozen_on.getTime() : null,
  };
}

/**
 * GET dataset/versions: the dataset's versions and version submissions, oldest first (pending
 * ones frozen first if their submission has ended). Public, as published records are. Throws 404.
 */
export async function listVersions(ctx: AppContext, datasetId: string): Promise<VersionListResponse> {
  const root = await rootDataset(ctx, datasetId);
  await freezePending(ctx, root);
  const rows = await repo.versionsOf(ctx.db, root.datasetId);
  return {
    datasetId: root.datasetId,
    datasetName: root.datasetName,
    datasetType: root.datasetType,
    versions: rows.map((r) => toVersion(root.datasetId, r)),
  };
}

/**
 * POST dataset/version/submit: a new zip of the caller's own dataset, through the dataset pipeline.
 * Throws 404 (no such published dataset), 403 (someone else's dataset), 409 VERSION_PENDING (one is
 * still being processed), and the pipeline submission's own 400s.
 */
export async function submitVersion(ctx: AppContext, user: AuthUser, body: VersionSubmitBody) {
  const root = await rootDataset(ctx, body.datasetId);
  if (root.userId !== user.userId) throw forbidden('You can only submit a new version of your own dataset.');
  await freezePending(ctx, root);
  const rows = await repo.versionsOf(ctx.db, root.datasetId);
  if (rows.some((r) => r.status === 'Pending'))
    throw new ApiError(
      409,
      'VERSION_PENDING',
      'A version of this dataset is still being processed; submit the next one when it has ended.',
    );
  const datasetName = `${root.datasetName} (version submission ${rows.length + 1})`;
  const sub = await datasets.submitDataset(ctx, user, { datasetName, url: body.url, userId: user.userId });
  await repo.insertPending(ctx.db, {
    id: crypto.randomUUID(),
    datasetId: root.datasetId,
    srn: sub.serviceRequestNumber,
    submissionDatasetId: sub.datasetId,
  });
  return { datasetId: root.datasetId, serviceRequestNumber: sub.serviceRequestNumber };
}

/**
 * GET dataset/version/download/:datasetId/:version: the frozen canonical export, byte for byte
 * (Range supported). Throws 404 for an unknown dataset or version.
 */
export async function sendVersionExport(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  datasetId: string,
  version: number,
): Promise<FastifyReply> {
  const root = await rootDataset(ctx, datasetId);
  await freezePending(ctx, root);
  const row = (await repo.versionsOf(ctx.db, root.datasetId)).find((r) => r.version === version && r.status === 'Published');
  if (!row) throw notFound(`This dataset has no version ${version}.`);
  return sendObject(req, reply, ctx.store, exportKey(root.datasetId, version), {
    type: 'application/x-ndjson; charset=utf-8',
    filename: `dataset-${root.datasetId}-v${version}.jsonl`,
    missing: "This version's export is missing from the object store.",
  });
}

// ---------------------------------------------------------------------------------------------
// Cite and describe (docs/api.md#cite-and-describe)

/** Formats of GET dataset/version/cite. */
export const CITE_FORMATS = ['bibtex', 'cff', 'datacite', 'croissant', 'card'] as const;
/** One of {@link CITE_FORMATS}. */
export type CiteFormat = (typeof CITE_FORMATS)[number];
const CITE_TYPES: Record<CiteFormat, string> = {
  bibtex: 'application/x-bibtex; charset=utf-8',
  cff: 'application/x-yaml; charset=utf-8',
  datacite: 'application/vnd.datacite.datacite+json; charset=utf-8',
  croissant: 'application/ld+json; charset=utf-8',
  card: 'text/markdown; charset=utf-8',
};
/** Bytes of a version's export read to list its record fields. */
const FIELD_SAMPLE_BYTES = 1 << 20;

/** Top-level fields of the records in the first MiB of a version's export, sorted. */
async function exportFields(ctx: AppContext, key: string, bytes: number): Promise<string[]> {
  if (bytes === 0) return [];
  const text = Buffer.concat(
    await (await ctx.store.get(key, { start: 0, end: Math.min(bytes, FIELD_SAMPLE_BYTES) - 1 })).toArray(),
  ).toString('utf8');
  const fields = new Set<string>();
  const lines = text.split('\n');
  if (bytes > FIELD_SAMPLE_BYTES) lines.pop();
  for (const line of lines) if (line) for (const k of Object.keys(JSON.parse(line) as object)) fields.add(k);
  return [...fields].sort();
}

/**
 * GET dataset/version/cite/:datasetId/:version?format=…: the version's citation (BibTeX, CFF,
 * DataCite JSON) or description (Croissant JSON-LD, Markdown card). Public. Throws 404.
 */
export async function citeVersion(
  ctx: AppContext,
  datasetId: string,
  version: number,
  format: CiteFormat,
): Promise<{ type: string; body: string }> {
  const root = await rootDataset(ctx, datasetId);
  await freezePending(ctx, root);
  const rows = (await repo.versionsOf(ctx.db, root.datasetId)).filter((r) => r.status === 'Published' && r.version !== null);
  const row = rows.find((r) => r.version === version);
  if (!row) throw notFound(`This dataset has no version ${version}.`);
  const base = ctx.config.publicUrl;
  const facts: CiteFacts = {
    datasetId: root.datasetId,
    name: root.datasetName,
    version,
    datasetType: root.datasetType,
    url: `${base}/ulca/datasets/${root.datasetId}/versions/${version}`,
    downloadUrl: `${base}${DATASET_VERSIONS_API.download}/${root.datasetId}/${version}`,
    recordCount: row.record_count ?? 0,
    exportSha256: row.export_sha256 ?? '',
    exportBytes: Number(row.export_bytes ?? 0),
    published: row.frozen_on ?? row.created_on,
    doi: row.doi,
    params: (row.params ?? {}) as Record<string, unknown>,
    fields: await exportFields(ctx, exportKey(root.datasetId, version), Number(row.export_bytes ?? 0)),
    history: rows
      .filter((r) => (r.version ?? 0) <= version)
      .map((r) => ({
        version: r.version!,
        recordCount: r.record_count ?? 0,
        added: r.added_count ?? 0,
        removed: r.removed_count ?? 0,
        published: r.frozen_on ?? r.created_on,
      })),
  };
  const body =
    format === 'bibtex'
      ? bibtex(facts)
      : format === 'cff'
        ? cff(facts)
        : format === 'card'
          ? datasetCard(facts)
          : `${JSON.stringify(format === 'datacite' ? datacite(facts) : croissant(facts), null, 2)}\n`;
  return { type: CITE_TYPES[format], body };
}

/**
 * POST dataset/version/doi: sets (or clears with null) a published version's DOI; the dataset's
 * owner or an ADMIN. Throws 403, 404 (no such dataset or version).
 */
export async function setVersionDoi(
  ctx: AppContext,
  user: AuthUser,
  body: { datasetId: string; version: number; doi: string | null },
): Promise<void> {
  const root = await rootDataset(ctx, body.datasetId);
  if (root.userId !== user.userId && !user.roles.includes('ADMIN'))
    throw forbidden("Only the dataset's owner or an admin can set its DOI.");
  await freezePending(ctx, root);
  if (!(await repo.setDoi(ctx.db, root.datasetId, body.version, body.doi))) throw notFound(`This dataset has no version ${body.version}.`);
}

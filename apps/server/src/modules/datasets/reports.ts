import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as parseCsv } from 'csv-parse';
import type { AppContext } from '../../context.ts';
import { safeCsvStringifier } from '../../lib/csv.ts';
import { checkLinkParts, signLinkParts } from '../../lib/signed-link.ts';
import { copyErrorReportCsv, countErrors, errorSummaryRows, setReportKeys } from './repo.ts';

/** Object-store keys of a submission's error reports. */
export const reportKeys = (srn: string) => ({
  summary: `datasets/${srn}/error-summary.csv`,
  detail: `datasets/${srn}/error-detail.csv`,
});

/**
 * Writes the error reports of docs/architecture.md#dataset-stages when the submission has errors: a summary CSV
 * (stage, error, message, count) and a detailed CSV (stage, error, message, record number, record;
 * records in file order, a record's errors in stage order), streamed from `dataset_errors` with
 * COPY … TO STDOUT so large reports never sit in memory. Both follow the CSV rule of lib/csv.ts.
 * Stores the keys on the submission; with no errors both stay null.
 */
export async function writeErrorReports(ctx: AppContext, srn: string): Promise<{ summary: string | null; detail: string | null }> {
  if ((await countErrors(ctx.db, srn)) === 0) {
    await setReportKeys(ctx.db, srn, { summary: null, detail: null });
    return { summary: null, detail: null };
  }
  const keys = reportKeys(srn);
  await copyErrorReportCsv(ctx.db, srn, 'summary', (csv) => storeSafeCsv(ctx, csv, keys.summary));
  await copyErrorReportCsv(ctx.db, srn, 'detail', (csv) => storeSafeCsv(ctx, csv, keys.detail));
  await setReportKeys(ctx.db, srn, keys);
  return keys;
}

/**
 * Streams PostgreSQL's CSV into the store, re-written under the server's CSV rule (lib/csv.ts:
 * BOM, formula neutralisation): the CSV is parsed back into cells and stringified again, so a
 * message or record that starts with `=` reaches no spreadsheet as a formula. Every stage
 * streams: a million errors never sit in memory.
 */
async function storeSafeCsv(ctx: AppContext, copy: Readable, key: string): Promise<void> {
  const cells = parseCsv();
  const out = safeCsvStringifier();
  const written = ctx.store.put(key, out);
  await Promise.all([pipeline(copy, cells, out), written]);
}

/** The error summary rows `{ stage, code, message, count }` (for the status API and the web page). */
export async function errorSummary(
  ctx: AppContext,
  srn: string,
): Promise<{ stage: string; code: string; message: string; count: number }[]> {
  return errorSummaryRows(ctx.db, srn);
}

/**
 * Download links for report files: a browser link cannot carry signed headers, so the URL holds an
 * HMAC-SHA256 token over (srn, kind, expiry) made with the server secret. Valid for `ttlSeconds`.
 */
export function reportToken(secret: Buffer, srn: string, kind: 'summary' | 'detail', ttlSeconds = 3600, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  return `${exp}.${signLinkParts(secret, [srn, kind], exp)}`;
}

/** True when `token` was made by reportToken for (srn, kind) and has not expired. */
export function checkReportToken(secret: Buffer, srn: string, kind: 'summary' | 'detail', token: string, now = Date.now()): boolean {
  const [expText, mac] = token.split('.');
  return checkLinkParts(secret, [srn, kind], Number(expText), mac ?? '', now);
}

import { pipeline } from 'node:stream/promises';
import { parse as parseCsv } from 'csv-parse';
import { to as copyTo } from 'pg-copy-streams';
import type { AppContext } from '../../context.ts';
import { safeCsvStringifier } from '../../lib/csv.ts';
import { checkLinkParts, signLinkParts } from '../../lib/signed-link.ts';
import { isServiceRequestNumber } from './repo.ts';

/** Object-store keys of a submission's error reports. */
export const reportKeys = (srn: string) => ({
  summary: `datasets/${srn}/error-summary.csv`,
  detail: `datasets/${srn}/error-detail.csv`,
});

/**
 * Writes the error reports of DESIGN.md §6 when the submission has errors: a summary CSV
 * (stage, error, message, count) and a detailed CSV (stage, error, message, record number, record;
 * records in file order, a record's errors in stage order), streamed from `dataset_errors` with
 * COPY … TO STDOUT so large reports never sit in memory. Both follow the CSV rule of lib/csv.ts.
 * Stores the keys on the submission; with no errors both stay null.
 */
export async function writeErrorReports(ctx: AppContext, srn: string): Promise<{ summary: string | null; detail: string | null }> {
  const n = await ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_errors WHERE service_request_number = $1`, [srn]);
  if (n.rows[0].n === 0) {
    await ctx.db.pool.query(`UPDATE dataset_submissions SET error_summary_key = NULL, error_detail_key = NULL WHERE service_request_number = $1`, [srn]);
    return { summary: null, detail: null };
  }
  const keys = reportKeys(srn);
  // COPY cannot take bind parameters: the number is checked to be digits before it goes in the SQL.
  if (!isServiceRequestNumber(srn)) throw new Error(`invalid service request number ${srn}`);
  const lit = `'${srn}'`;
  const stageOrder = `CASE stage WHEN 'download' THEN 0 WHEN 'ingest' THEN 1 WHEN 'validate' THEN 2 ELSE 3 END`;
  await copyToStore(
    ctx,
    `COPY (SELECT stage, code AS error, min(message) AS message, count(*) AS count FROM dataset_errors
            WHERE service_request_number = ${lit} GROUP BY stage, code ORDER BY min(${stageOrder}), count(*) DESC)
     TO STDOUT WITH (FORMAT csv, HEADER true)`,
    keys.summary,
  );
  await copyToStore(
    ctx,
    `COPY (SELECT stage, code AS error, message, record_index + 1 AS record_number, record FROM dataset_errors
            WHERE service_request_number = ${lit} ORDER BY record_index NULLS FIRST, ${stageOrder}, code, message)
     TO STDOUT WITH (FORMAT csv, HEADER true)`,
    keys.detail,
  );
  await ctx.db.pool.query(`UPDATE dataset_submissions SET error_summary_key = $2, error_detail_key = $3 WHERE service_request_number = $1`, [
    srn,
    keys.summary,
    keys.detail,
  ]);
  return keys;
}

/**
 * Streams a `COPY … TO STDOUT (FORMAT csv, HEADER)` into the store, re-written under the server's
 * CSV rule (lib/csv.ts: BOM, formula neutralisation): PostgreSQL's CSV is parsed back into cells
 * and stringified again, so a message or record that starts with `=` reaches no spreadsheet as a
 * formula. Every stage streams: a million errors never sit in memory.
 */
async function copyToStore(ctx: AppContext, sql: string, key: string): Promise<void> {
  const client = await ctx.db.pool.connect();
  let clean = false;
  try {
    const copy = client.query(copyTo(sql));
    const cells = parseCsv();
    const out = safeCsvStringifier();
    const written = ctx.store.put(key, out);
    await Promise.all([pipeline(copy, cells, out), written]);
    clean = true;
  } finally {
    // A COPY stopped half-way leaves the connection busy: discard it rather than pool it.
    client.release(clean ? undefined : new Error('error report COPY stopped early'));
  }
}

/** The error summary rows `{ stage, code, message, count }` (for the status API and the web page). */
export async function errorSummary(ctx: AppContext, srn: string): Promise<{ stage: string; code: string; message: string; count: number }[]> {
  const r = await ctx.db.pool.query(
    `SELECT stage, code, min(message) AS message, count(*)::int AS count FROM dataset_errors WHERE service_request_number = $1
      GROUP BY stage, code ORDER BY min(CASE stage WHEN 'download' THEN 0 WHEN 'ingest' THEN 1 WHEN 'validate' THEN 2 ELSE 3 END), count(*) DESC`,
    [srn],
  );
  return r.rows;
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

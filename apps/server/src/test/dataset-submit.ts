import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { expect } from 'vitest';
import { signedInject, type TestUser } from './users.ts';
import { makeParallelZip } from './fixtures.ts';
import { serveTempFolder } from './fixture-server.ts';

/**
 * Submits the dataset zip at `url` as `datasetName` by `as` through corpus/submit
 * (docs/api.md#datasets-ulcaapisv0dataset; expects 200) and returns the submission's service request number.
 */
export async function submitDataset(app: FastifyInstance, as: TestUser, datasetName: string, url: string): Promise<string> {
  const res = await signedInject(app, as, 'POST', '/ulca/apis/v0/dataset/corpus/submit', { datasetName, url, userId: as.userId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.serviceRequestNumber as string;
}

/** The stored status of submission `srn` (dataset_submissions), or undefined before it exists: read without a signed call, for polling. */
export async function submissionStatus(pool: pg.Pool, srn: string): Promise<string | undefined> {
  const res = await pool.query<{ status: string }>(`SELECT status FROM dataset_submissions WHERE service_request_number = $1`, [srn]);
  return res.rows[0]?.status;
}

/** A generated parallel dataset zip served over HTTP, for submitting (see {@link serveParallelZip}). */
export interface ServedParallelZip {
  /** The zip's URL on the fixture server. */
  url: string;
  /** Stops the server and removes the zip's folder. */
  close(): Promise<void>;
}

/** Writes makeParallelZip's zip of `rows` rows (`seed`) into a new temporary folder served by a fixture server (serveTempFolder). */
export async function serveParallelZip(rows: number, seed: string): Promise<ServedParallelZip> {
  const server = await serveTempFolder('ulca-zip-');
  const zip = await makeParallelZip({ rows, destDir: server.dir, seed });
  return { url: server.url(path.basename(zip)), close: () => server.close() };
}

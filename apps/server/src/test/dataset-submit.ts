import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { expect } from 'vitest';
import { signedInject, type TestUser } from './users.ts';

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

/**
 * Row shapes of the datasets feature that the readymade feature reads through datasets/service.ts
 * (types only: importing this file pulls in no code; eslint/boundaries.js).
 */

import type { Selectable } from 'kysely';
import type { DatasetSubmissionsTable } from '../../db/schema.ts';

// ── ready-made flag (migration 004) ──

type Submission = Selectable<DatasetSubmissionsTable>;

/**
 * A marked submission as the public list needs it. `params` is the dataset's params.json as stored
 * by ingest; a marked submission always has its `dataset_type`.
 */
export type ReadyMadeRow = Pick<
  Submission,
  'service_request_number' | 'dataset_id' | 'dataset_name' | 'params' | 'completed_on' | 'ready_made_record_count'
> & { dataset_type: string };

/** What marking needs to know about a submission (`user_id`: the contributor who submitted it). */
export type MarkableRow = Pick<
  Submission,
  'service_request_number' | 'dataset_id' | 'dataset_type' | 'dataset_name' | 'user_id' | 'status' | 'is_ready_made'
>;

/**
 * Row shapes of the datasets feature that the readymade feature reads through datasets/service.ts
 * (types only: importing this file pulls in no code; eslint/boundaries.js).
 */

// ── ready-made flag (issue #3 §6; migration 004) ──

/** A marked submission as the public list needs it. `params` is the dataset's params.json as stored by ingest. */
export interface ReadyMadeRow {
  service_request_number: string;
  dataset_id: string;
  dataset_name: string;
  dataset_type: string;
  params: Record<string, unknown> | null;
  completed_on: Date | null;
  ready_made_record_count: number | null;
}

/** What marking needs to know about a submission. */
export interface MarkableRow {
  service_request_number: string;
  dataset_id: string;
  dataset_type: string | null;
  dataset_name: string;
  /** The contributor who submitted it. */
  user_id: string;
  status: string;
  is_ready_made: boolean;
}

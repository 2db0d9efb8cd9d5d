import type { ColumnType, Generated } from 'kysely';
import type { StageStatus, SubmissionStatus } from '@ulca/contracts';

/**
 * Kysely types of every table (migrations/*.sql), in one place and one style; keep in step with the
 * SQL. Each table is owned by one module, whose repo files alone query it (docs/architecture.md#layout).
 */
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
/**
 * A bigint column: read as a number (db/pool.ts parses int8; the counts fit), written as a number or
 * a decimal string. Sums of bigints are numeric and still come back as strings: type those as such.
 */
type Int8 = ColumnType<number, number | string, number | string>;
/** A jsonb object column: read parsed, written as an object or its JSON text. */
type JsonObject = ColumnType<Record<string, unknown>, Record<string, unknown> | string, Record<string, unknown> | string>;
/** A bigint column with a default (0, or a sequence). */
type Int8Default = ColumnType<number, number | string | undefined, number | string>;

export interface UsersTable {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string | null;
  password_hash: string;
  roles: string[];
  org: string | null;
  is_active: Generated<boolean>;
  activation_token_hash: string | null;
  created_on: Generated<Date>;
  activated_time: Date | null;
  /** When the activation link stops working (003_accounts.sql); null for links issued before it. */
  activation_expires_at: Date | null;
}
export interface UserKeysTable {
  public_key: string;
  user_id: string;
  private_key_enc: string;
  created_on: Generated<Date>;
  last_used: Date | null;
}
export interface DatasetSubmissionsTable {
  service_request_number: string;
  dataset_id: string;
  user_id: string;
  dataset_name: string;
  url: string;
  dataset_type: string | null;
  status: Generated<SubmissionStatus>;
  submitted_on: Generated<Date>;
  completed_on: Ts | null;
  download_sha256: string | null;
  download_bytes: Int8 | null;
  /** params.json as accepted (jsonb): the submission's type-specific fields. */
  params: JsonObject | null;
  failure_code: string | null;
  failure_message: string | null;
  error_summary_key: string | null;
  error_detail_key: string | null;
  is_ready_made: Generated<boolean>;
  /** 004_readymade.sql: when and by whom it was marked ready-made, and its record count then. */
  ready_made_on: Ts | null;
  ready_made_by: string | null;
  ready_made_record_count: Int8 | null;
  /** 007_benchmarks.sql: a dataset, or a benchmark dataset (published to benchmark_records). */
  kind: Generated<'dataset' | 'benchmark'>;
}
export interface DatasetStagesTable {
  service_request_number: string;
  stage: string;
  ord: number;
  status: Generated<StageStatus>;
  success_count: Int8Default;
  failed_count: Int8Default;
  success_seconds: Generated<number>;
  failed_seconds: Generated<number>;
  started_on: Ts | null;
  ended_on: Ts | null;
}
export interface DatasetErrorsTable {
  service_request_number: string;
  stage: string;
  code: string;
  message: string;
  record_index: number | null;
  record: string | null;
}
export interface AppSettingsTable {
  key: string;
  value: unknown;
}
export interface RecordRollupTable {
  dataset_type: string;
  source_language: string;
  target_language: string;
  domain: string;
  collection_method: string;
  submitter: string;
  record_count: Int8Default;
  duration_seconds: Generated<number>;
}
/** Published records, one per (dataset_type, hash) (001_init.sql; owned by modules/datasets). */
export interface DatasetRecordsTable {
  dataset_type: string;
  /** sha-256 of the record's identity (32 bytes). */
  hash: Buffer;
  source_language: string;
  target_language: string | null;
  domain: string;
  collection_method: string;
  submitter: string;
  duration_seconds: number | null;
  dataset_ids: string[];
  submitters: string[];
  data: unknown;
  published_on: Generated<Date>;
}
/** Where a submission's publish stage resumes (001_init.sql; owned by modules/datasets). */
export interface PublishCursorTable {
  service_request_number: string;
  next_seq: Generated<number>;
}
/** Searches and their exports (002_search.sql; owned by modules/search). */
export interface SearchRequestsTable {
  service_request_number: string;
  user_id: string;
  dataset_type: string;
  /** The criteria as submitted, plus datasetType. */
  criteria: JsonObject;
  status: Generated<'In-Progress' | 'Completed' | 'Failed'>;
  record_count: Int8 | null;
  duration_seconds: number | null;
  message: string | null;
  files: Generated<string[]>;
  created_on: Generated<Date>;
  completed_on: Ts | null;
}
/** Counters of rate-limiter-flexible (003_accounts.sql: rate_limits; 006_models.sql: model_feedback_limits). */
export interface RateLimitsTable {
  key: string;
  points: Generated<number>;
  expire: Int8 | null;
}
/** Batch speech-to-speech jobs (010_sts.sql; owned by modules/sts). */
export interface StsBatchesTable {
  batch_id: string;
  user_id: string;
  url: string;
  source_language: string;
  target_language: string;
  asr_model_id: string;
  translation_model_id: string;
  tts_model_id: string;
  gender: 'male' | 'female';
  status: Generated<'Pending' | 'In-Progress' | 'Completed' | 'Failed'>;
  total: Generated<number>;
  done: Generated<number>;
  failed: Generated<number>;
  skipped: Generated<number>;
  message: string | null;
  result_key: string | null;
  created_on: Generated<Date>;
  updated_on: Generated<Date>;
}
/** One audio file's outcome in a batch (010_sts.sql; owned by modules/sts). */
export interface StsBatchFilesTable {
  batch_id: string;
  seq: number;
  name: string;
  status: 'done' | 'failed' | 'skipped';
  stage: 'audio' | 'asr' | 'translation' | 'tts' | null;
  message: string | null;
  transcript: string | null;
  translation: string | null;
}
/** One-use tickets of streaming sockets (011_stream_tickets.sql; owned by modules/streaming). */
export interface StreamTicketsTable {
  ticket_hash: string;
  user_id: string;
  model_id: string;
  expires_at: Date;
}
/** Processes serving reference models (012_reference_model_hosts.sql; owned by modules/reference-models). */
export interface ReferenceModelHostsTable {
  process_id: string;
  host: string;
  pid: number;
  model_ids: string[];
  started_on: Generated<Date>;
  heartbeat_on: Generated<Date>;
}

/** Kysely type of `password_resets` (003_accounts.sql). */
export interface PasswordResetsTable {
  user_id: string;
  token_hash: string;
  expires_at: Date;
  created_on: Generated<Date>;
}

/** Kysely type of `api_keys`. */
export interface ApiKeysTable {
  key_id: string;
  user_id: string;
  app_name: string;
  secret_hash: string;
  created_on: Generated<Date>;
  last_used: Date | null;
}

/** Kysely type of `api_key_providers`. */
export interface ApiKeyProvidersTable {
  key_id: string;
  provider_name: string;
  inference_key_name: string | null;
  inference_key_hash: string | null;
  inference_key_masked: string | null;
  data_tracking: Generated<boolean>;
  updated_on: Generated<Date>;
}

/** Kysely type of `audit_log`. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  actor_user_id: string | null;
  action: string;
  target_user_id: string | null;
  ip: string | null;
  details: unknown;
}

/** Kysely type of `signature_nonces`. */
export interface SignatureNoncesTable {
  public_key: string;
  nonce: string;
  expires_at: Date;
}

/** Submitted models (006_models.sql; owned by modules/models). */
export interface ModelsTable {
  model_id: string;
  user_id: string;
  name: string;
  version: string;
  task: string;
  descriptor: unknown;
  callback_url: string;
  inference_key_name: string | null;
  inference_key_enc: string | null;
  status: Generated<string>;
  unpublish_reason: string | null;
  submitted_on: Generated<Date>;
  published_on: Ts | null;
  sample_response: unknown;
  is_reference: Generated<boolean>;
  engine_card: unknown;
}
export interface ModelFeedbackTable {
  feedback_id: string;
  model_id: string | null;
  user_id: string | null;
  task_type: string;
  input: string | null;
  output: string | null;
  suggested_output: string | null;
  rating: number | null;
  feedback: unknown;
  detailed_feedback: unknown;
  created_on: Generated<Date>;
}
export interface ModelHealthTable {
  model_id: string;
  status: 'available' | 'unavailable';
  checked_on: Ts;
  last_success: Ts | null;
  latency_ms: number | null;
  output_check: string | null;
  error: string | null;
}
export interface ModelUsageTable {
  key_id: string;
  model_id: string;
  day: ColumnType<string, string, string>;
  calls: Int8Default;
  failures: Int8Default;
}
/** Every health round of a model, kept 30 days (016_health_history.sql; owned by modules/model-health). */
export interface ModelHealthRoundsTable {
  model_id: string;
  checked_on: Ts;
  status: 'available' | 'unavailable';
  latency_ms: number | null;
  reason: string | null;
}
/** Usage per API key, model, task and day (015_metering.sql; owned by modules/metering). */
export interface KeyUsageTable {
  key_id: string;
  model_id: string;
  task: string;
  day: ColumnType<string, string, string>;
  calls: Int8Default;
  failures: Int8Default;
  latency_ms_total: Int8Default;
  characters_in: Int8Default;
  audio_ms_in: Int8Default;
  audio_ms_out: Int8Default;
  images: Int8Default;
}
/** Daily limits per unit, per key or '*' (015_metering.sql; owned by modules/metering). */
export interface KeyQuotasTable {
  key_id: string;
  unit: string;
  daily_limit: Int8;
  set_by: string;
  set_on: Generated<Date>;
}
/** Units reserved against the limits per key and day (015_metering.sql; owned by modules/metering). */
export interface KeyQuotaUsageTable {
  key_id: string;
  day: ColumnType<string, string, string>;
  unit: string;
  used: Int8Default;
}
/** Rows of a published benchmark dataset (007_benchmarks.sql; owned by modules/datasets). */
export interface BenchmarkRecordsTable {
  dataset_id: string;
  seq: number;
  source_language: string;
  target_language: string | null;
  data: unknown;
}
/** Benchmark datasets (007_benchmarks.sql; owned by modules/benchmarks). */
export interface BenchmarksTable {
  benchmark_id: string;
  service_request_number: string;
  user_id: string;
  name: string;
  submitted_on: Generated<Date>;
  task: string | null;
  source_language: string | null;
  target_language: string | null;
  domain: Generated<string[]>;
  submitter: string | null;
  description: string | null;
  params: JsonObject | null;
  record_count: number | null;
  published_on: Ts | null;
  /** 019_benchmark_visibility.sql: 'open' or 'hidden' (docs/api.md#who-sees-a-benchmarks-rows). */
  visibility: Generated<'open' | 'hidden'>;
}
/** Benchmark runs (007_benchmarks.sql; owned by modules/benchmarks). */
export interface BenchmarkRunsTable {
  benchmark_process_id: string;
  model_id: string;
  benchmark_id: string;
  metric: string;
  user_id: string;
  status: Generated<'In-Progress' | 'Completed' | 'Failed'>;
  inference_status: Generated<string>;
  scoring_status: Generated<string>;
  record_count: number;
  scored_count: number | null;
  failed_count: number | null;
  score: number | null;
  signature: string | null;
  coverage: number | null;
  ci_low: number | null;
  ci_high: number | null;
  metric_options: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
  failure_message: string | null;
  created_on: Generated<Date>;
  completed_on: Ts | null;
}
/** Every row's output of a benchmark run (007_benchmarks.sql; owned by modules/benchmarks). */
export interface BenchmarkOutputsTable {
  benchmark_process_id: string;
  seq: number;
  output: unknown;
  error: string | null;
}
/** Enrolled speakers: the baseline's 57-number vector, never the audio (009_speakers.sql; owned by modules/speakers). */
export interface SpeakersTable {
  speaker_id: string;
  key_id: string;
  user_id: string;
  provider_name: string;
  speaker_name: string;
  engine: string;
  vector: number[];
  voiced_seconds: number;
  created_on: Generated<Date>;
}

/** Kysely type of `glossary_entries` (008_glossary.sql; modules/glossary). */
export interface GlossaryEntriesTable {
  key_id: string;
  provider_name: string;
  source_language: string;
  target_language: string;
  source_text: string;
  target_text: string;
  created_on: Generated<Date>;
  updated_on: Generated<Date>;
}

/** Cached per-column summaries of a published dataset (013_dataset_viewer.sql; owner: modules/dataset-viewer). */
export interface DatasetViewerSummariesTable {
  dataset_id: string;
  stamp: string;
  summary: unknown;
  computed_on: Generated<Date>;
}

/** The summary of a completed search's records (018_search_viewer_summaries.sql; owner: modules/dataset-viewer). */
export interface SearchViewerSummariesTable {
  service_request_number: string;
  summary: unknown;
  computed_on: Generated<Date>;
}

/** Versions of a dataset (014_dataset_versions.sql; owner: modules/dataset-versions). */
export interface DatasetVersionsTable {
  id: string;
  dataset_id: string;
  version: number | null;
  service_request_number: string;
  submission_dataset_id: string;
  status: Generated<'Pending' | 'Published' | 'Identical' | 'Failed'>;
  dataset_type: string | null;
  record_count: number | null;
  added_count: number | null;
  removed_count: number | null;
  params: unknown;
  export_sha256: string | null;
  export_bytes: Int8 | null;
  message: string | null;
  doi: string | null;
  created_on: Generated<Date>;
  frozen_on: Date | null;
}

/** Record intervals of dataset versions (014_dataset_versions.sql; owner: modules/dataset-versions). */
export interface DatasetVersionMembersTable {
  dataset_id: string;
  hash: Buffer;
  first_version: number;
  last_version: number | null;
}

/** The caller-chosen interface language of a user (migrations/017_user_language.sql). */
export interface UserPreferencesTable {
  user_id: string;
  ui_language: string;
  updated_on: Generated<Date>;
}

/** The whole database as Kysely sees it: every table of migrations/*.sql (pg-boss's schema aside). */
export interface Database {
  users: UsersTable;
  user_preferences: UserPreferencesTable;
  user_keys: UserKeysTable;
  dataset_submissions: DatasetSubmissionsTable;
  dataset_stages: DatasetStagesTable;
  dataset_errors: DatasetErrorsTable;
  app_settings: AppSettingsTable;
  record_rollup: RecordRollupTable;
  password_resets: PasswordResetsTable;
  api_keys: ApiKeysTable;
  api_key_providers: ApiKeyProvidersTable;
  audit_log: AuditLogTable;
  signature_nonces: SignatureNoncesTable;
  models: ModelsTable;
  model_feedback: ModelFeedbackTable;
  model_health: ModelHealthTable;
  model_usage: ModelUsageTable;
  key_usage: KeyUsageTable;
  model_health_rounds: ModelHealthRoundsTable;
  key_quotas: KeyQuotasTable;
  key_quota_usage: KeyQuotaUsageTable;
  benchmark_records: BenchmarkRecordsTable;
  benchmarks: BenchmarksTable;
  benchmark_runs: BenchmarkRunsTable;
  benchmark_outputs: BenchmarkOutputsTable;
  glossary_entries: GlossaryEntriesTable;
  speakers: SpeakersTable;
  dataset_viewer_summaries: DatasetViewerSummariesTable;
  search_viewer_summaries: SearchViewerSummariesTable;
  dataset_versions: DatasetVersionsTable;
  dataset_version_members: DatasetVersionMembersTable;
  dataset_records: DatasetRecordsTable;
  publish_cursor: PublishCursorTable;
  search_requests: SearchRequestsTable;
  rate_limits: RateLimitsTable;
  model_feedback_limits: RateLimitsTable;
  sts_batches: StsBatchesTable;
  sts_batch_files: StsBatchFilesTable;
  stream_tickets: StreamTicketsTable;
  reference_model_hosts: ReferenceModelHostsTable;
}

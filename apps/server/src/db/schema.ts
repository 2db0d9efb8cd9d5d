import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely types of every table (migrations/*.sql), in one place and one style; keep in step with the
 * SQL. Each table is owned by one module, whose repo files alone query it (docs/architecture.md#layout).
 */
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;

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
  status: Generated<string>;
  submitted_on: Generated<Date>;
  completed_on: Ts | null;
  download_sha256: string | null;
  download_bytes: string | number | null;
  params: unknown;
  failure_code: string | null;
  failure_message: string | null;
  error_summary_key: string | null;
  error_detail_key: string | null;
  is_ready_made: Generated<boolean>;
  /** 007_benchmarks.sql: a dataset, or a benchmark dataset (published to benchmark_records). */
  kind: Generated<string>;
}
export interface DatasetStagesTable {
  service_request_number: string;
  stage: string;
  ord: number;
  status: Generated<string>;
  success_count: ColumnType<string, number | undefined, number>;
  failed_count: ColumnType<string, number | undefined, number>;
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
  record_count: ColumnType<string, number, number>;
  duration_seconds: number;
}

/** Kysely type of `password_resets` (003_accounts.sql). */
export interface PasswordResetsTable {
  user_id: string;
  token_hash: string;
  expires_at: Date;
  created_on: Date | undefined;
}

/** Kysely type of `api_keys`. */
export interface ApiKeysTable {
  key_id: string;
  user_id: string;
  app_name: string;
  secret_hash: string;
  created_on: Date | undefined;
  last_used: Date | null;
}

/** Kysely type of `api_key_providers`. */
export interface ApiKeyProvidersTable {
  key_id: string;
  provider_name: string;
  inference_key_name: string | null;
  inference_key_hash: string | null;
  inference_key_masked: string | null;
  data_tracking: boolean | undefined;
  updated_on: Date | undefined;
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

/** The whole database as Kysely sees it. */
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
  status: string;
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
  calls: Generated<string>;
  failures: Generated<string>;
}
/** Every health round of a model, kept 30 days (016_health_history.sql; owned by modules/model-health). */
export interface ModelHealthRoundsTable {
  model_id: string;
  checked_on: Ts;
  status: 'available' | 'unavailable';
  latency_ms: number | null;
  reason: string | null;
}
/** Usage per API key, model, task and day (015_metering.sql; owned by modules/metering). Bigints read as strings. */
export interface KeyUsageTable {
  key_id: string;
  model_id: string;
  task: string;
  day: ColumnType<string, string, string>;
  calls: Generated<string>;
  failures: Generated<string>;
  latency_ms_total: Generated<string>;
  characters_in: Generated<string>;
  audio_ms_in: Generated<string>;
  audio_ms_out: Generated<string>;
  images: Generated<string>;
}
/** Daily limits per unit, per key or '*' (015_metering.sql; owned by modules/metering). */
export interface KeyQuotasTable {
  key_id: string;
  unit: string;
  daily_limit: ColumnType<string, number | string, number | string>;
  set_by: string;
  set_on: Generated<Date>;
}
/** Units reserved against the limits per key and day (015_metering.sql; owned by modules/metering). */
export interface KeyQuotaUsageTable {
  key_id: string;
  day: ColumnType<string, string, string>;
  unit: string;
  used: ColumnType<string, number | string, number | string>;
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
  params: unknown;
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
  status: Generated<string>;
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
  metric_options: Generated<unknown>;
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
  export_bytes: string | null;
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
}

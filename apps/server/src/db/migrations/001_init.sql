-- Accounts (docs/product.md#entities-and-fields Credentials, Sign-up payload; docs/product.md#entities-and-fields User)
CREATE TABLE users (
  user_id          text PRIMARY KEY,
  email            text NOT NULL,
  first_name       text NOT NULL,
  last_name        text,
  password_hash    text NOT NULL,
  roles            text[] NOT NULL,
  org              text,
  is_active        boolean NOT NULL DEFAULT false,
  activation_token_hash text,
  created_on       timestamptz NOT NULL DEFAULT now(),
  activated_time   timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Session key pairs issued at login (data.userKeys). private_key is encrypted with the server secret.
CREATE TABLE user_keys (
  public_key       text PRIMARY KEY,
  user_id          text NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
  private_key_enc  text NOT NULL,
  created_on       timestamptz NOT NULL DEFAULT now(),
  last_used        timestamptz
);
CREATE INDEX user_keys_user ON user_keys (user_id);

-- Dataset submissions (docs/product.md#entities-and-fields Dataset submission / contribution row)
CREATE TABLE dataset_submissions (
  service_request_number text PRIMARY KEY,
  dataset_id       uuid NOT NULL UNIQUE,
  user_id          text NOT NULL REFERENCES users(user_id),
  dataset_name     text NOT NULL,
  url              text NOT NULL,
  dataset_type     text,
  status           text NOT NULL DEFAULT 'Pending',  -- Pending | In-Progress | Completed | Failed
  submitted_on     timestamptz NOT NULL DEFAULT now(),
  completed_on     timestamptz,
  download_sha256  text,
  download_bytes   bigint,
  params           jsonb,
  failure_code     text,
  failure_message  text,
  error_summary_key text,
  error_detail_key  text,
  is_ready_made    boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX dataset_name_unique ON dataset_submissions (lower(dataset_name)) WHERE status <> 'Failed';
CREATE INDEX dataset_submissions_user ON dataset_submissions (user_id, submitted_on DESC);

-- One row per stage of a submission (download, ingest, validate, publish)
CREATE TABLE dataset_stages (
  service_request_number text NOT NULL REFERENCES dataset_submissions ON DELETE CASCADE,
  stage            text NOT NULL,
  ord              smallint NOT NULL,
  status           text NOT NULL DEFAULT 'Pending',
  success_count    bigint NOT NULL DEFAULT 0,
  failed_count     bigint NOT NULL DEFAULT 0,
  success_seconds  double precision NOT NULL DEFAULT 0,
  failed_seconds   double precision NOT NULL DEFAULT 0,
  started_on       timestamptz,
  ended_on         timestamptz,
  PRIMARY KEY (service_request_number, stage)
);

-- Per-record errors (the detailed error report is written from here)
CREATE TABLE dataset_errors (
  service_request_number text NOT NULL REFERENCES dataset_submissions ON DELETE CASCADE,
  stage            text NOT NULL,
  code             text NOT NULL,
  message          text NOT NULL,
  record_index     integer,
  record           text
);
CREATE INDEX dataset_errors_srn ON dataset_errors (service_request_number, stage, code);

-- Records that passed validate wait for publish in a per-submission UNLOGGED table
-- `staged_<serviceRequestNumber>` (created by the worker, dropped when the job ends).

-- Published records of every type, de-duplicated globally by (dataset_type, hash)
CREATE TABLE dataset_records (
  dataset_type     text NOT NULL,
  hash             bytea NOT NULL,  -- sha-256 of the record's identity (32 bytes)
  source_language  text NOT NULL,
  target_language  text,
  domain           text NOT NULL,
  collection_method text NOT NULL,
  submitter        text NOT NULL,
  duration_seconds double precision,
  dataset_ids      uuid[] NOT NULL,
  submitters       text[] NOT NULL,
  data             jsonb NOT NULL,
  published_on     timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE dataset_records ADD CONSTRAINT dataset_records_hash PRIMARY KEY (dataset_type, hash);

-- Publish progress: which staged seq has been merged, so a crashed publish resumes exactly
CREATE TABLE publish_cursor (
  service_request_number text PRIMARY KEY REFERENCES dataset_submissions ON DELETE CASCADE,
  next_seq         integer NOT NULL DEFAULT 0
);

-- Dashboard rollup: counts of published records per dimension (never scan records for the dashboard)
CREATE TABLE record_rollup (
  dataset_type     text NOT NULL,
  source_language  text NOT NULL,
  target_language  text NOT NULL DEFAULT '',
  domain           text NOT NULL,
  collection_method text NOT NULL,
  submitter        text NOT NULL,
  record_count     bigint NOT NULL DEFAULT 0,
  duration_seconds double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (dataset_type, source_language, target_language, domain, collection_method, submitter)
);

-- Server-wide settings (e.g. whether demo data was published)
CREATE TABLE app_settings (
  key   text PRIMARY KEY,
  value jsonb NOT NULL
);

-- Dataset versions (docs/api.md#dataset-versions). Owner: modules/dataset-versions.
-- A dataset (named by its first submission's dataset_id) has versions 1, 2, …; version 1 is that
-- first submission, each later one a submission of a new zip by the dataset's owner. A version is
-- frozen once its submission has ended: its record set (dataset_version_members), counts, params
-- and the sha-256 of its canonical export never change after. A submission whose records equal the
-- current version's is kept as 'Identical' with no version number: nothing is added.
CREATE TABLE dataset_versions (
  id               uuid PRIMARY KEY,
  dataset_id       uuid NOT NULL,
  version          integer,
  service_request_number text NOT NULL UNIQUE,
  submission_dataset_id uuid NOT NULL UNIQUE,
  status           text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Published', 'Identical', 'Failed')),
  dataset_type     text,
  record_count     integer,
  added_count      integer,
  removed_count    integer,
  params           jsonb,
  export_sha256    text,
  export_bytes     bigint,
  message          text,
  doi              text,
  created_on       timestamptz NOT NULL DEFAULT now(),
  frozen_on        timestamptz,
  UNIQUE (dataset_id, version)
);
CREATE INDEX dataset_versions_dataset ON dataset_versions (dataset_id, created_on);
-- One version pending at a time per dataset.
CREATE UNIQUE INDEX dataset_versions_one_pending ON dataset_versions (dataset_id) WHERE status = 'Pending';

-- Which records each version holds, as intervals: a record is in versions first_version ..
-- last_version (null = still in the latest). A record removed and later added again gets a new row.
CREATE TABLE dataset_version_members (
  dataset_id       uuid NOT NULL,
  hash             bytea NOT NULL,
  first_version    integer NOT NULL,
  last_version     integer,
  PRIMARY KEY (dataset_id, hash, first_version)
);
CREATE INDEX dataset_version_members_current ON dataset_version_members (dataset_id, hash) WHERE last_version IS NULL;

-- Dataset viewer (docs/api.md#dataset-viewer). Owner: modules/dataset-viewer.
-- The per-column summary of a published dataset (counts by language, domain, collection method,
-- submitter; length or duration histogram) is one scan of its records: computed on first request
-- and kept here, recomputed when `stamp` (what the record set was computed from) changes.
CREATE TABLE dataset_viewer_summaries (
  dataset_id       uuid PRIMARY KEY,
  stamp            text NOT NULL,
  summary          jsonb NOT NULL,
  computed_on      timestamptz NOT NULL DEFAULT now()
);

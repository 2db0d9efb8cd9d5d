-- Search and download (docs/product.md#entities-and-fields "Search request row"). One row per search a
-- user submitted; the search-export job writes the result files to the object store under
-- `searches/<serviceRequestNumber>/` and records the outcome here.
CREATE TABLE search_requests (
  service_request_number text PRIMARY KEY,
  user_id          text NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
  dataset_type     text NOT NULL,
  criteria         jsonb NOT NULL,                      -- the criteria as submitted, plus datasetType
  status           text NOT NULL DEFAULT 'In-Progress', -- In-Progress | Completed | Failed
  record_count     bigint,                              -- records matched (Completed)
  duration_seconds double precision,                    -- audio seconds matched (speech types)
  message          text,                                -- why it failed, or a note for the user
  files            text[] NOT NULL DEFAULT '{}',        -- formats written: json, jsonl, csv, zip
  created_on       timestamptz NOT NULL DEFAULT now(),
  completed_on     timestamptz
);
-- My Searches: a user's rows, newest first.
CREATE INDEX search_requests_user ON search_requests (user_id, created_on DESC, service_request_number DESC);

-- Records of given datasets (ready-made downloads, dataset-scoped exports): `dataset_ids && …`.
CREATE INDEX dataset_records_dataset_ids ON dataset_records USING gin (dataset_ids);

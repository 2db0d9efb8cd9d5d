-- Dataset viewer, a completed search's records (docs/api.md#dataset-viewer). Owner: modules/dataset-viewer.
-- A completed search's record set never changes (its criteria over records published before it
-- completed), so its per-column summary is one scan, computed on first request and kept here.
CREATE TABLE search_viewer_summaries (
  service_request_number text PRIMARY KEY REFERENCES search_requests ON DELETE CASCADE,
  summary          jsonb NOT NULL,
  computed_on      timestamptz NOT NULL DEFAULT now()
);

-- Ready-made datasets: a Completed submission an ADMIN has marked ready-made
-- (dataset_submissions.is_ready_made, from 001). The public list must not scan dataset_records
-- per request, so the dataset's record count is taken once, when it is marked, and kept here.
ALTER TABLE dataset_submissions
  ADD COLUMN ready_made_on           timestamptz,
  ADD COLUMN ready_made_by           text,
  ADD COLUMN ready_made_record_count bigint;

-- The public list reads only the marked rows.
CREATE INDEX dataset_submissions_ready_made ON dataset_submissions (dataset_type, completed_on DESC) WHERE is_ready_made;

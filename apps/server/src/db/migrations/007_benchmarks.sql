-- Benchmarks (docs/product.md#screens, docs/product.md#entities-and-fields "Benchmark dataset", "Benchmark run"; docs/benchmarks.md#benchmark-runs-and-leaderboards).
-- Owners:
--   dataset_submissions.kind, benchmark_records -> modules/datasets (the pipeline publishes a
--                                                  benchmark submission's rows here, never into
--                                                  dataset_records, so they stay out of search,
--                                                  the dashboard and de-duplication)
--   benchmarks, benchmark_runs, benchmark_outputs -> modules/benchmarks

ALTER TABLE dataset_submissions ADD COLUMN kind text NOT NULL DEFAULT 'dataset' CHECK (kind IN ('dataset', 'benchmark'));

-- The rows of a published benchmark dataset, in file order (seq = row index in data.json).
CREATE TABLE benchmark_records (
  dataset_id       uuid NOT NULL,
  seq              integer NOT NULL,
  source_language  text NOT NULL,
  target_language  text,
  data             jsonb NOT NULL,
  PRIMARY KEY (dataset_id, seq)
);

-- A benchmark dataset: one per benchmark submission (benchmark_id = the submission's dataset_id).
-- task .. record_count are filled once its submission has published (null before).
CREATE TABLE benchmarks (
  benchmark_id     uuid PRIMARY KEY,
  service_request_number text NOT NULL UNIQUE,
  user_id          text NOT NULL REFERENCES users(user_id),
  name             text NOT NULL,
  submitted_on     timestamptz NOT NULL DEFAULT now(),
  task             text,
  source_language  text,
  target_language  text,
  domain           text[] NOT NULL DEFAULT '{}',
  submitter        text,
  description      text,
  params           jsonb,
  record_count     integer,
  published_on     timestamptz
);
CREATE INDEX benchmarks_user ON benchmarks (user_id, submitted_on DESC);
CREATE INDEX benchmarks_task ON benchmarks (task, published_on DESC) WHERE published_on IS NOT NULL;

-- One run of a model on a benchmark with one metric. Stages: inference (rows sent to the model),
-- scoring. status In-Progress -> Completed | Failed; both stages final when it ends.
CREATE TABLE benchmark_runs (
  benchmark_process_id uuid PRIMARY KEY,
  model_id         text NOT NULL REFERENCES models(model_id),
  benchmark_id     uuid NOT NULL REFERENCES benchmarks(benchmark_id),
  metric           text NOT NULL,
  user_id          text NOT NULL REFERENCES users(user_id),
  status           text NOT NULL DEFAULT 'In-Progress' CHECK (status IN ('In-Progress', 'Completed', 'Failed')),
  inference_status text NOT NULL DEFAULT 'Pending',
  scoring_status   text NOT NULL DEFAULT 'Pending',
  record_count     integer NOT NULL,
  scored_count     integer,
  failed_count     integer,
  score            double precision,
  signature        text,
  coverage         double precision,
  ci_low           double precision,
  ci_high          double precision,
  metric_options   jsonb NOT NULL DEFAULT '{}',
  failure_message  text,
  created_on       timestamptz NOT NULL DEFAULT now(),
  completed_on     timestamptz
);
-- A second run of the same model, benchmark and metric is refused while one is running or done.
CREATE UNIQUE INDEX benchmark_runs_once ON benchmark_runs (model_id, benchmark_id, metric) WHERE status IN ('In-Progress', 'Completed');
CREATE INDEX benchmark_runs_model ON benchmark_runs (model_id, created_on DESC);
CREATE INDEX benchmark_runs_benchmark ON benchmark_runs (benchmark_id, metric) WHERE status = 'Completed';

-- Every row's model output of a run (output null and error set when the call for that row failed).
CREATE TABLE benchmark_outputs (
  benchmark_process_id uuid NOT NULL REFERENCES benchmark_runs ON DELETE CASCADE,
  seq              integer NOT NULL,
  output           jsonb,
  error            text,
  PRIMARY KEY (benchmark_process_id, seq)
);

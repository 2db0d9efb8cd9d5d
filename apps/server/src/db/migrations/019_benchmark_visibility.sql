-- Whether a benchmark's test set (its rows' inputs and references) is shown to everyone ('open') or
-- only to its owner and ADMINs ('hidden'): docs/api.md#who-sees-a-benchmarks-rows.
-- Contributed benchmarks are hidden unless their owner opens them; the bundled ones (submitted from
-- demo:benchmarks/, datasets/demo.ts) are open.
ALTER TABLE benchmarks ADD COLUMN visibility text NOT NULL DEFAULT 'hidden' CHECK (visibility IN ('open', 'hidden'));

UPDATE benchmarks b SET visibility = 'open'
  FROM dataset_submissions s
 WHERE s.service_request_number = b.service_request_number AND s.kind = 'benchmark' AND starts_with(s.url, 'demo:benchmarks/');

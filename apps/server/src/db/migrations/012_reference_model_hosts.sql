-- The API processes serving the reference models now (modules/reference-models; docs/operations.md#running-it-in-production):
-- one row per process with its engines on, refreshed every 15 s. A reference model stays published while a fresh row lists
-- it, so REFERENCE_MODELS=false on one process (or one process stopping) no longer withdraws the models for the fleet.
CREATE TABLE reference_model_hosts (
  process_id   text PRIMARY KEY,                    -- random per process start
  host         text NOT NULL,
  pid          integer NOT NULL,
  model_ids    text[] NOT NULL,                     -- the reference models this process serves
  started_on   timestamptz NOT NULL DEFAULT now(),
  heartbeat_on timestamptz NOT NULL DEFAULT now()
);

-- Every health round of every model, kept 30 days (docs/api.md#inference, model
-- health): uptime over 24 h and 7 d, latency percentiles and the last failure are computed from it.
-- Owned by modules/model-health (model_health keeps the latest check only).
CREATE TABLE model_health_rounds (
  model_id    text NOT NULL REFERENCES models(model_id) ON DELETE CASCADE,
  checked_on  timestamptz NOT NULL,
  status      text NOT NULL CHECK (status IN ('available', 'unavailable')),
  latency_ms  integer,                                  -- null when no answer came
  reason      text,                                     -- why it was unavailable (call error or output check); null when available
  PRIMARY KEY (model_id, checked_on)
);
CREATE INDEX model_health_rounds_checked_on ON model_health_rounds (checked_on);

-- The model side (docs/product.md; docs/architecture.md#calling-models). Each table has one owning module:
--   models                  -> modules/models
--   model_feedback, model_feedback_limits -> modules/model-feedback
--   model_health            -> modules/model-health
--   model_usage             -> modules/inference
-- The descriptor is kept whole (jsonb) minus its secret: the endpoint's inferenceApiKey value is
-- encrypted at rest (security/crypto.ts) and the callbackUrl is never answered to a browser.
CREATE TABLE models (
  model_id            text PRIMARY KEY,                 -- UUID
  user_id             text NOT NULL REFERENCES users(user_id),
  name                text NOT NULL,
  version             text NOT NULL,
  task                text NOT NULL,
  descriptor          jsonb NOT NULL,                   -- the accepted descriptor, inferenceApiKey.value removed
  callback_url        text NOT NULL,
  inference_key_name  text,                             -- header name of the endpoint's key
  inference_key_enc   text,                             -- its value, encrypted
  status              text NOT NULL DEFAULT 'unpublished' CHECK (status IN ('published', 'unpublished')),
  unpublish_reason    text,
  submitted_on        timestamptz NOT NULL DEFAULT now(),
  published_on        timestamptz,
  sample_response     jsonb,                            -- the endpoint's answer to the example request at upload
  is_reference        boolean NOT NULL DEFAULT false,   -- a platform reference model
  engine_card         jsonb                             -- its card: kind, engine, limits
);
-- name + version unique (case-insensitive), across all submitters.
CREATE UNIQUE INDEX models_name_version ON models (lower(name), lower(version));
CREATE INDEX models_user ON models (user_id, submitted_on DESC);
CREATE INDEX models_published ON models (task, published_on DESC) WHERE status = 'published';

CREATE TABLE model_feedback (
  feedback_id         text PRIMARY KEY,
  model_id            text REFERENCES models(model_id) ON DELETE CASCADE,
  user_id             text,                             -- null for anonymous feedback (docs/product.md#roles: sts feedback has no identity)
  task_type           text NOT NULL,
  input               text,                             -- null when the caller's data tracking is off
  output              text,
  suggested_output    text,                             -- the output as the user would correct it; null when none or tracking is off
  rating              smallint CHECK (rating BETWEEN 1 AND 5), -- the 1-5 rating among the answers, when one was given
  feedback            jsonb,                            -- the question/answer pairs
  detailed_feedback   jsonb,                            -- sts: one feedback per stage (asr, translation, tts)
  created_on          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX model_feedback_model ON model_feedback (model_id, created_on DESC);

-- rate-limiter-flexible's PostgreSQL store (its own layout) for anonymous feedback per client address.
CREATE TABLE model_feedback_limits (
  key     varchar(255) PRIMARY KEY,
  points  integer NOT NULL DEFAULT 0,
  expire  bigint
);

CREATE TABLE model_health (
  model_id            text PRIMARY KEY REFERENCES models(model_id) ON DELETE CASCADE,
  status              text NOT NULL CHECK (status IN ('available', 'unavailable')),
  checked_on          timestamptz NOT NULL,
  last_success        timestamptz,
  latency_ms          integer,
  output_check        text,                             -- why the output was judged unusable; null when fine
  error               text                              -- why the call failed (time limit, HTTP status, …); null when it answered
);

CREATE TABLE model_usage (
  key_id              text NOT NULL,                    -- api_keys.key_id, or '' for signed-in/anonymous web calls
  model_id            text NOT NULL REFERENCES models(model_id) ON DELETE CASCADE,
  day                 date NOT NULL,
  calls               bigint NOT NULL DEFAULT 0,
  failures            bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, model_id, day)
);

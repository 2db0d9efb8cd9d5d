-- Metering and quotas per API key (docs/api.md#usage-and-quotas).
-- Tables owned by modules/metering:
--   key_usage        per key, model, task and UTC day: calls, failures, latency and the units sent
--   key_quotas       an admin's daily limit per unit, for one key or for every key ('*')
--   key_quota_usage  units reserved against the limits today, per key: updated atomically by every
--                    API process before a call, so a limit holds across processes
-- No foreign keys: a revoked key's or a removed model's usage stays in the history.
CREATE TABLE key_usage (
  key_id            text NOT NULL,
  model_id          text NOT NULL,
  task              text NOT NULL,
  day               date NOT NULL,
  calls             bigint NOT NULL DEFAULT 0,
  failures          bigint NOT NULL DEFAULT 0,
  latency_ms_total  bigint NOT NULL DEFAULT 0,   -- sum over calls; mean = latency_ms_total / calls
  characters_in     bigint NOT NULL DEFAULT 0,   -- text tasks: characters of input[].source
  audio_ms_in       bigint NOT NULL DEFAULT 0,   -- asr and audio detections: milliseconds of speech sent
  audio_ms_out      bigint NOT NULL DEFAULT 0,   -- tts: milliseconds of speech answered (WAV)
  images            bigint NOT NULL DEFAULT 0,   -- ocr, img-lang-detection
  PRIMARY KEY (key_id, day, model_id, task)
);

CREATE TABLE key_quotas (
  key_id       text NOT NULL,                   -- api_keys.key_id, or '*' for the default of every key
  unit         text NOT NULL CHECK (unit IN ('calls', 'characters', 'audioSecondsIn', 'audioSecondsOut', 'images')),
  daily_limit  bigint NOT NULL CHECK (daily_limit >= 0),
  set_by       text NOT NULL,
  set_on       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, unit)
);

CREATE TABLE key_quota_usage (
  key_id  text NOT NULL,
  day     date NOT NULL,
  unit    text NOT NULL,
  used    bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, day, unit)
);

-- Speakers (docs/product.md#speaker-recognition "Speaker recognition page", docs/product.md#entities-and-fields "Speaker"; docs/product.md#speaker-recognition).
-- Owner: modules/speakers.
-- A speaker belongs to one application (API key) of one user and one service provider; revoking
-- the key deletes its speakers. `vector` holds the baseline's MFCC statistics (57 numbers), never
-- the audio.
CREATE TABLE speakers (
  speaker_id     uuid PRIMARY KEY,
  key_id         text NOT NULL REFERENCES api_keys(key_id) ON DELETE CASCADE,
  user_id        text NOT NULL,
  provider_name  text NOT NULL,
  speaker_name   text NOT NULL,
  engine         text NOT NULL,
  vector         double precision[] NOT NULL,
  voiced_seconds real NOT NULL,
  created_on     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX speakers_scope_idx ON speakers (key_id, provider_name, created_on DESC);

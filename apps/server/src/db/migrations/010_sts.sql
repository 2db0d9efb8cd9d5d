-- Speech-to-speech batches (docs/product.md#speech-to-speech "Speech-to-speech tab").
-- Owner: modules/sts. A batch = a public URL of a zip of audio files, run asr -> translation -> tts
-- per file by the sts-batch job; the result zip is in the object store under sts/<batch_id>/.

CREATE TABLE sts_batches (
  batch_id             uuid PRIMARY KEY,
  user_id              text NOT NULL REFERENCES users(user_id),
  url                  text NOT NULL,
  source_language      text NOT NULL,
  target_language      text NOT NULL,
  asr_model_id         text NOT NULL,
  translation_model_id text NOT NULL,
  tts_model_id         text NOT NULL,
  gender               text NOT NULL CHECK (gender IN ('male', 'female')),
  status               text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'In-Progress', 'Completed', 'Failed')),
  total                integer NOT NULL DEFAULT 0,
  done                 integer NOT NULL DEFAULT 0,
  failed               integer NOT NULL DEFAULT 0,
  skipped              integer NOT NULL DEFAULT 0,
  message              text,
  result_key           text,
  created_on           timestamptz NOT NULL DEFAULT now(),
  updated_on           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sts_batches_user ON sts_batches (user_id, created_on DESC);

-- One row per zip entry, in zip order: audio files (done/failed) and non-audio entries (skipped).
CREATE TABLE sts_batch_files (
  batch_id     uuid NOT NULL REFERENCES sts_batches(batch_id) ON DELETE CASCADE,
  seq          integer NOT NULL,
  name         text NOT NULL,
  status       text NOT NULL CHECK (status IN ('done', 'failed', 'skipped')),
  stage        text CHECK (stage IN ('audio', 'asr', 'translation', 'tts')),
  message      text,
  transcript   text,
  translation  text,
  PRIMARY KEY (batch_id, seq)
);

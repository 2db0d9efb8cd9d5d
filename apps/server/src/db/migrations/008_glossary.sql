-- Glossaries (docs/product.md#glossary "Glossary page", docs/product.md#entities-and-fields, docs/product.md#validation-rules): per application (API key)
-- and service provider, one target text per (source language, target language, source text).
-- Owned by modules/glossary. Revoking the API key deletes its application's glossary.
CREATE TABLE glossary_entries (
  key_id           text NOT NULL REFERENCES api_keys(key_id) ON DELETE CASCADE,
  provider_name    text NOT NULL,
  source_language  text NOT NULL,
  target_language  text NOT NULL,
  source_text      text NOT NULL,
  target_text      text NOT NULL,
  created_on       timestamptz NOT NULL DEFAULT now(),
  updated_on       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, provider_name, source_language, target_language, source_text),
  CHECK (source_language <> target_language)
);

-- Request signature v2: the nonces each session key has used while their
-- timestamps are inside SIGNATURE_WINDOW_SECONDS. The primary key decides, in one INSERT ... ON
-- CONFLICT DO NOTHING, which of several API processes accepts a nonce; a second use is refused.
-- Rows past expires_at are pruned by the API processes.
CREATE TABLE signature_nonces (
  public_key  text NOT NULL,
  nonce       text NOT NULL,
  expires_at  timestamptz NOT NULL,
  PRIMARY KEY (public_key, nonce)
);
CREATE INDEX signature_nonces_expires ON signature_nonces (expires_at);

-- Stream tickets (modules/streaming/tickets.ts): a browser WebSocket cannot send
-- the signature headers, so a signed POST issues a short-lived single-use ticket bound to the user
-- and the model, and the socket is opened with ?ticket=. Only the SHA-256 of the ticket is kept.
-- The relay consumes a ticket with one DELETE ... RETURNING: of concurrent uses exactly one gets the
-- row. Rows past expires_at are pruned when tickets are issued.
CREATE TABLE stream_tickets (
  ticket_hash  text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
  model_id     text NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX stream_tickets_expires ON stream_tickets (expires_at);

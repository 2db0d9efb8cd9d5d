-- Accounts complete: activation expiry, password reset, API keys, audit log,
-- login rate limits, and change notifications for the in-memory session cache.

-- Activation links expire (7 days by default, config ACTIVATION_TOKEN_TTL_HOURS). Links issued
-- before this migration keep working until used (NULL = no expiry recorded).
ALTER TABLE users ADD COLUMN activation_expires_at timestamptz;

-- One outstanding password-reset token per user (a new request replaces the old one).
-- Only the sha-256 of the token is stored; it is deleted when used.
CREATE TABLE password_resets (
  user_id      text PRIMARY KEY REFERENCES users(user_id) ON DELETE CASCADE,
  token_hash   text NOT NULL UNIQUE,
  expires_at   timestamptz NOT NULL,
  created_on   timestamptz NOT NULL DEFAULT now()
);

-- Application API keys (docs/product.md#entities-and-fields "API key record"). key_id is the public identifier
-- `ulca_<12 hex>`; secret_hash is the sha-256 (hex) of the full key `<key_id>.<secret>`.
-- Revoking deletes the row (its provider keys go with it).
CREATE TABLE api_keys (
  key_id       text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
  app_name     text NOT NULL,
  secret_hash  text NOT NULL,
  created_on   timestamptz NOT NULL DEFAULT now(),
  last_used    timestamptz
);
CREATE UNIQUE INDEX api_keys_app ON api_keys (user_id, lower(app_name));

-- Per key and service provider: the provider's inference key (hashed, with a masked form to
-- show) and the data-tracking switch (off by default: no inputs or outputs kept).
CREATE TABLE api_key_providers (
  key_id               text NOT NULL REFERENCES api_keys(key_id) ON DELETE CASCADE,
  provider_name        text NOT NULL,
  inference_key_name   text,
  inference_key_hash   text,
  inference_key_masked text,
  data_tracking        boolean NOT NULL DEFAULT false,
  updated_on           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, provider_name)
);

-- Audit log of account and admin actions: who (actor), what (action), to whom (target), when,
-- from where (ip). No foreign keys, so the log outlives deleted users.
CREATE TABLE audit_log (
  id              bigserial PRIMARY KEY,
  at              timestamptz NOT NULL DEFAULT now(),
  actor_user_id   text,
  action          text NOT NULL,
  target_user_id  text,
  ip              text,
  details         jsonb
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action ON audit_log (action, at DESC);

-- rate-limiter-flexible's PostgreSQL store (its own table layout), shared by every API process.
CREATE TABLE rate_limits (
  key     varchar(255) PRIMARY KEY,
  points  integer NOT NULL DEFAULT 0,
  expire  bigint
);

-- Session cache invalidation: every API process keeps verified session keys in memory and
-- LISTENs on 'ulca_auth'. Any change that must stop or alter a session at once (logout,
-- deactivation, role, password or profile change, deleted user) notifies with the user id,
-- whatever code made it.
CREATE FUNCTION ulca_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- users and user_keys both carry user_id.
  PERFORM pg_notify('ulca_auth', OLD.user_id);
  RETURN NULL;
END $$;

CREATE TRIGGER user_keys_auth_change AFTER DELETE ON user_keys
  FOR EACH ROW EXECUTE FUNCTION ulca_notify_auth_change();
CREATE TRIGGER users_auth_change AFTER UPDATE OF is_active, roles, password_hash, email, first_name, last_name, org ON users
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.roles IS DISTINCT FROM NEW.roles
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.org IS DISTINCT FROM NEW.org)
  EXECUTE FUNCTION ulca_notify_auth_change();
CREATE TRIGGER users_deleted_auth_change AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION ulca_notify_auth_change();

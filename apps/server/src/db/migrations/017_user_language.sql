-- The interface language a signed-in user chose (docs/product.md#languages-of-the-interface):
-- the web app applies it at sign-in on any browser. One row per user, written by POST
-- users/language; no row = never chosen (the browser's own choice applies).
CREATE TABLE user_preferences (
  user_id      text PRIMARY KEY REFERENCES users(user_id) ON DELETE CASCADE,
  ui_language  text NOT NULL,
  updated_on   timestamptz NOT NULL DEFAULT now()
);

import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { UsersTable } from '../../db/schema.ts';

/**
 * SQL of the accounts module: tables `users` and `user_keys` (migrations/001_init.sql),
 * `password_resets` and `users.activation_expires_at` (003_accounts.sql).
 */

/** A `users` row as read. */
export type UserRow = Selectable<UsersTable>;

/** A session key joined with its user, as the signature check needs it. */
export interface KeyWithUser {
  publicKey: string;
  privateKeyEnc: string;
  lastUsed: Date | null;
  user: UserRow;
}

/** Most recent session keys kept per user; older ones are pruned at login. */
export const MAX_KEYS_PER_USER = 50;

/** The user with this e-mail, compared case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The user with this id, or undefined. */
export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Fields of a new user. */
export interface NewUser {
  userId: string;
  email: string;
  firstName: string;
  lastName?: string | null;
  passwordHash: string;
  roles: string[];
  org?: string | null;
  isActive: boolean;
  activationTokenHash: string | null;
  /** When the activation link expires (null: never, e.g. accounts created active). */
  activationExpiresAt?: Date | null;
}

/** The `users` row of a NewUser (an active user is activated now). */
function userValues(u: NewUser) {
  return {
    user_id: u.userId,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName ?? null,
    password_hash: u.passwordHash,
    roles: u.roles,
    org: u.org ?? null,
    is_active: u.isActive,
    activation_token_hash: u.activationTokenHash,
    activation_expires_at: u.activationExpiresAt ?? null,
    activated_time: u.isActive ? new Date() : null,
  };
}

/**
 * Inserts users in one transaction. Returns false (and inserts none) when an e-mail is already
 * taken, including a concurrent insert of the same e-mail.
 */
export async function insertUsers(db: Db, users: NewUser[]): Promise<boolean> {
  try {
    await inTransaction(db, async (tx) => {
      for (const u of users) {
        await tx.db.insertInto('users').values(userValues(u)).execute();
      }
    });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return false;
    throw err;
  }
}

/**
 * Inserts one user unless the e-mail is taken (safe when two processes start together).
 * Returns true when this call created the row.
 */
export async function insertUserIfAbsent(db: Db, u: NewUser): Promise<boolean> {
  const row = await db.db
    .insertInto('users')
    .values(userValues(u))
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Activates the user when e-mail, id and token hash all match and the link has not expired, and
 * clears the token so the link works once. Returns the activated row, or undefined when nothing
 * matched.
 */
export async function activateUser(db: Db, email: string, userId: string, tokenHashHex: string): Promise<UserRow | undefined> {
  return db.db
    .updateTable('users')
    .set({ is_active: true, activation_token_hash: null, activation_expires_at: null, activated_time: new Date() })
    .where('user_id', '=', userId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('activation_token_hash', '=', tokenHashHex)
    .where((eb) => eb.or([eb('activation_expires_at', 'is', null), eb('activation_expires_at', '>', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

/** Stores a session key pair and prunes the user's keys beyond {@link MAX_KEYS_PER_USER}. */
export async function insertKey(db: Db, userId: string, publicKey: string, privateKeyEnc: string): Promise<void> {
  await db.db.insertInto('user_keys').values({ public_key: publicKey, user_id: userId, private_key_enc: privateKeyEnc }).execute();
  await db.db
    .deleteFrom('user_keys')
    .where('user_id', '=', userId)
    .where(
      'public_key',
      'not in',
      db.db
        .selectFrom('user_keys')
        .select('public_key')
        .where('user_id', '=', userId)
        .orderBy('created_on', 'desc')
        .limit(MAX_KEYS_PER_USER),
    )
    .execute();
}

/** The key with this public key and its user, or undefined. */
export async function findKeyWithUser(db: Db, publicKey: string): Promise<KeyWithUser | undefined> {
  const row = await db.db
    .selectFrom('user_keys as k')
    .innerJoin('users as u', 'u.user_id', 'k.user_id')
    .selectAll('u')
    .select(['k.public_key', 'k.private_key_enc', 'k.last_used'])
    .where('k.public_key', '=', publicKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const { public_key, private_key_enc, last_used, ...user } = row;
  return { publicKey: public_key, privateKeyEnc: private_key_enc, lastUsed: last_used, user };
}

/** Deletes one session key. Returns true when it existed. */
export async function deleteKey(db: Db, publicKey: string): Promise<boolean> {
  const res = await db.db.deleteFrom('user_keys').where('public_key', '=', publicKey).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Sets `last_used` to now unless it was set less than `minIntervalSeconds` ago, so busy clients
 * do not write on every call. The condition is in SQL so concurrent requests write at most once.
 */
export async function touchKey(db: Db, publicKey: string, minIntervalSeconds = 60): Promise<void> {
  await db.db
    .updateTable('user_keys')
    .set({ last_used: sql<Date>`now()` })
    .where('public_key', '=', publicKey)
    .where((eb) =>
      eb.or([eb('last_used', 'is', null), eb('last_used', '<', sql<Date>`now() - make_interval(secs => ${minIntervalSeconds})`)]),
    )
    .execute();
}

/** Deletes a user (and, by cascade, its keys). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.db.deleteFrom('users').where('user_id', '=', userId).execute();
}

/** Deletes every session key of a user (password reset, deactivation). Returns how many ended. */
export async function deleteUserKeys(db: Db | { db: Db['db'] }, userId: string): Promise<number> {
  const res = await db.db.deleteFrom('user_keys').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Stores the reset token hash of a user, replacing any earlier one (one outstanding link per user). */
export async function upsertPasswordReset(db: Db, userId: string, tokenHashHex: string, expiresAt: Date): Promise<void> {
  await db.db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHashHex, expires_at: expiresAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHashHex, expires_at: expiresAt, created_on: sql<Date>`now()` }))
    .execute();
}

/** The active user whose unexpired reset token has this hash, or undefined. */
export async function findUserByResetToken(db: Db, tokenHashHex: string): Promise<UserRow | undefined> {
  return db.db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.user_id', 'r.user_id')
    .selectAll('u')
    .where('r.token_hash', '=', tokenHashHex)
    .where('r.expires_at', '>', sql<Date>`now()`)
    .where('u.is_active', '=', true)
    .executeTakeFirst();
}

/**
 * Spends a reset token and sets the new password in one transaction: deletes the token (only when
 * unexpired and belonging to the active user with `email`), stores `passwordHash` and deletes every
 * session key of the user. Returns the user id and the number of sessions ended, or undefined when
 * the token was not (or no longer) valid, e.g. used by a concurrent request.
 */
export async function consumeResetToken(
  db: Db,
  tokenHashHex: string,
  email: string,
  passwordHash: string,
): Promise<{ userId: string; sessionsEnded: number } | undefined> {
  return inTransaction(db, async ({ db: trx }) => {
    const spent = await trx
      .deleteFrom('password_resets as r')
      .using('users as u')
      .whereRef('u.user_id', '=', 'r.user_id')
      .where('r.token_hash', '=', tokenHashHex)
      .where('r.expires_at', '>', sql<Date>`now()`)
      .where('u.is_active', '=', true)
      .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
      .returning('r.user_id')
      .executeTakeFirst();
    if (!spent) return undefined;
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('user_id', '=', spent.user_id).execute();
    const sessionsEnded = await deleteUserKeys({ db: trx }, spent.user_id);
    return { userId: spent.user_id, sessionsEnded };
  });
}

// ── admin user management (docs/product.md; admin.ts holds the rules) ──

/** A query runner: the pool's Kysely or a transaction of db/transaction.ts (docs/architecture.md#data-access). */
export type Queryable = Db | { db: Db['db'] };

/** Filters of the admin user search; `orgs` including `undefinedOrg` also matches users without one. */
export interface UserFilter {
  userIDs?: string[];
  emails?: string[];
  roleCodes?: string[];
  orgCodes?: string[];
  undefinedOrg: string;
  /** Page; omitted: every matching row. */
  page?: { offset: number; limit: number };
}

/** Users matching `f`, newest first (created_on desc), with the total count of the filter. */
export async function selectUsers(db: Db, f: UserFilter): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.db.selectFrom('users');
  if (f.userIDs?.length) base = base.where('user_id', 'in', f.userIDs);
  if (f.emails?.length)
    base = base.where(
      sql<string>`lower(email)`,
      'in',
      f.emails.map((e) => e.trim().toLowerCase()),
    );
  if (f.roleCodes?.length) base = base.where('roles', '&&', sql<string[]>`${f.roleCodes}::text[]`);
  if (f.orgCodes?.length) {
    const orgs = f.orgCodes;
    base = base.where((eb) =>
      orgs.includes(f.undefinedOrg) ? eb.or([eb('org', 'in', orgs), eb('org', 'is', null)]) : eb('org', 'in', orgs),
    );
  }
  let rowsQuery = base.selectAll().orderBy('created_on', 'desc').orderBy('user_id');
  if (f.page) rowsQuery = rowsQuery.limit(f.page.limit).offset(f.page.offset);
  const [rows, total] = await Promise.all([
    rowsQuery.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The user row, locked FOR UPDATE until the transaction ends; undefined when unknown. */
export async function findUserForUpdate(q: Queryable, userId: string): Promise<UserRow | undefined> {
  return q.db.selectFrom('users').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

/** Writes the admin-editable fields of a user (password_hash only when given). Throws pg 23505 on a taken e-mail. */
export async function updateUserProfile(
  q: Queryable,
  userId: string,
  p: { email: string; firstName: string; roles: string[]; org: string; passwordHash?: string },
): Promise<void> {
  await q.db
    .updateTable('users')
    .set({
      email: p.email,
      first_name: p.firstName,
      roles: p.roles,
      org: p.org,
      ...(p.passwordHash ? { password_hash: p.passwordHash } : {}),
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Sets whether the user may sign in. */
export async function setUserActiveFlag(q: Queryable, userId: string, isActive: boolean): Promise<void> {
  await q.db.updateTable('users').set({ is_active: isActive }).where('user_id', '=', userId).execute();
}

/** The interface language `userId` chose, undefined when never chosen (table user_preferences, 017_user_language.sql). */
export async function findUiLanguage(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.db.selectFrom('user_preferences').select('ui_language').where('user_id', '=', userId).executeTakeFirst();
  return row?.ui_language;
}

/** Stores `language` as `userId`'s interface language (insert or replace). */
export async function saveUiLanguage(db: Db, userId: string, language: string): Promise<void> {
  await db.db
    .insertInto('user_preferences')
    .values({ user_id: userId, ui_language: language })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ui_language: language, updated_on: sql`now()` }))
    .execute();
}

// ── account self-service (docs/product.md#profile-and-api-keys; self-service.ts holds the rules) ──

/** Sets the first and last name (null clears it) of `userId`; resolves with the row as it now is, undefined for an unknown user. */
export async function updateUserName(
  q: Queryable,
  userId: string,
  firstName: string,
  lastName: string | null,
): Promise<UserRow | undefined> {
  return q.db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Stores `passwordHash` (an Argon2id hash of passwords.ts) as `userId`'s password. */
export async function setPasswordHash(q: Queryable, userId: string, passwordHash: string): Promise<void> {
  await q.db.updateTable('users').set({ password_hash: passwordHash }).where('user_id', '=', userId).execute();
}

/** Deletes `userId`'s outstanding reset link, if any (a reset link must not outlive a password change or the account). */
export async function deletePasswordResets(q: Queryable, userId: string): Promise<void> {
  await q.db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** Deletes every session key of `userId` but `keepPublicKey` (the session making the call). Returns how many ended. */
export async function deleteOtherUserKeys(q: Queryable, userId: string, keepPublicKey: string): Promise<number> {
  const res = await q.db.deleteFrom('user_keys').where('user_id', '=', userId).where('public_key', '!=', keepPublicKey).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** True while the session key `publicKey` exists (not signed out, not ended). */
export async function sessionKeyExists(q: Queryable, publicKey: string): Promise<boolean> {
  return (await q.db.selectFrom('user_keys').select('public_key').where('public_key', '=', publicKey).executeTakeFirst()) !== undefined;
}

/** Deletes `userId`'s interface-language preference (table user_preferences), if any. */
export async function deleteUiLanguage(q: Queryable, userId: string): Promise<void> {
  await q.db.deleteFrom('user_preferences').where('user_id', '=', userId).execute();
}

/**
 * Turns `userId`'s row into a deleted account's tombstone: placeholder `email`, `firstName`, no last
 * name nor organisation, `passwordHash` (one nobody knows), inactive, no pending activation.
 */
export async function anonymiseUser(
  q: Queryable,
  userId: string,
  t: { email: string; firstName: string; passwordHash: string },
): Promise<void> {
  await q.db
    .updateTable('users')
    .set({
      email: t.email,
      first_name: t.firstName,
      last_name: null,
      org: null,
      password_hash: t.passwordHash,
      is_active: false,
      activation_token_hash: null,
      activation_expires_at: null,
    })
    .where('user_id', '=', userId)
    .execute();
}

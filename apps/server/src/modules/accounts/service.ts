import { isSystemAccountEmail, SYSTEM_ACCOUNT_DOMAIN, withoutNul, type Role } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, unauthorized } from '../../lib/errors.ts';
import { queueMail } from '../../mail/send.ts';
import { renderMail } from '../../mail/templates.ts';
import { recordAudit } from '../audit/service.ts';
import {
  consumeLoginAttempt,
  consumeSignupRequest,
  mayEmailLoginCode,
  recordLoginSuccess,
  TooManyRequestsError,
} from './account-calls.rate-limit.ts';
import { isLoginCode, mailLoginCode } from './login-code.ts';
import * as repo from './repo.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { encryptSecret, randomHex, randomToken, secretKey, tokenHash } from '../../security/crypto.ts';
import type { SignupUser, UserDetails } from '@ulca/contracts';
import type { AccountsServices } from './limiters.rate-limit.ts';
import { afterUserChange } from './user-change.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { AccountsServices } from './limiters.rate-limit.ts';

/** Rules of the accounts module: sign-up, activation, login and logout (docs/product.md#sign-in-and-accounts, docs/product.md#entities-and-fields, docs/product.md#states-and-transitions, docs/product.md#validation-rules, docs/api.md#route-groups, docs/product.md#messages). */

/** Where a request came from, for the audit log and the rate limits. */
export interface RequestMeta {
  /** Client address (request.ip, a parsed IP address: lib/client-ip.ts). */
  ip: string;
}

/** Role given to every self-registered user (docs/product.md#roles). */
export const SIGNUP_ROLE: Role = 'CONTRIBUTOR-USER';

export const DUPLICATE_EMAIL_MESSAGE = 'A User with same email already exist.';
export const INVALID_LOGIN_MESSAGE = 'Invalid email / password';
export const INACTIVE_LOGIN_MESSAGE = 'Account is not activated. Please check your e-mail.';
/** Login answer for an account an admin deactivated (it was activated once). */
export const DEACTIVATED_LOGIN_MESSAGE = 'This account has been deactivated. Please contact the administrator.';
export const INVALID_ACTIVATION_MESSAGE = 'This activation link is not valid, has expired or has already been used.';

// Session-key reads used by signed-call verification (security/auth.ts). The accounts module owns `users` and `user_keys`.

/** The session key `publicKey` with its user (private key still encrypted), or undefined when it does not exist. */
export async function findSessionKey(ctx: Pick<AppContext, 'db'>, publicKey: string): Promise<repo.KeyWithUser | undefined> {
  return repo.findKeyWithUser(ctx.db, publicKey);
}

/** Records the use of session key `publicKey` (`last_used`), at most once per `minIntervalSeconds`. */
export async function touchSessionKey(ctx: Pick<AppContext, 'db'>, publicKey: string, minIntervalSeconds: number): Promise<void> {
  await repo.touchKey(ctx.db, publicKey, minIntervalSeconds);
}

export { hashPassword, verifyPassword } from './passwords.ts';
/** First-start admin account (main.ts; the demo data is submitted as this user). */
export { ensureAdmin, ensureSystemUser } from './bootstrap.ts';

// Verified against when the e-mail is unknown, so both failures take about the same time.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}

/** The public view of a `users` row. */
export function toUserDetails(row: repo.UserRow): UserDetails {
  return {
    userID: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    roles: row.roles,
    isActive: row.is_active,
    org: row.org,
  };
}

/** The activation link of docs/product.md#sign-in-and-accounts: `{publicUrl}/ulca/activate/{email}/{userId}/{token}`. */
export function activationLink(publicUrl: string, email: string, userId: string, token: string): string {
  return `${publicUrl}/ulca/activate/${encodeURIComponent(email)}/${userId}/${token}`;
}

/**
 * Registers inactive CONTRIBUTOR-USER accounts (whatever roles were sent) and e-mails each an
 * activation link whose token is stored only as its sha-256 and expires after
 * ACTIVATION_TOKEN_TTL_HOURS (7 days by default). All or none are created.
 * Throws ApiError 400 RESERVED_EMAIL_DOMAIN for an address at SYSTEM_ACCOUNT_DOMAIN (the platform's
 * own accounts) or DELETED_EMAIL_DOMAIN (deleted accounts' placeholders), 422 DUPLICATE_EMAIL when
 * an e-mail is taken (or repeated in the request), and
 * 503 MAIL_FAILED (accounts removed again) when the activation e-mail cannot be sent. With `meta`
 * (every HTTP call) the request first counts against SIGNUP_MAX_PER_IP_PER_HOUR for its address,
 * whatever its outcome: 429 TooManyRequestsError beyond.
 * Returns the new user ids in request order.
 */
export async function signup(ctx: AppContext<AccountsServices>, users: SignupUser[], meta?: RequestMeta): Promise<string[]> {
  if (meta) await consumeSignupRequest(ctx, meta.ip);
  // The platform's own accounts live at one domain (docs/product.md#admin), deleted accounts are renamed to
  // another (docs/product.md#profile-and-api-keys): no one signs up at either.
  if (users.some((u) => isSystemAccountEmail(u.email) || isDeletedEmail(u.email)))
    throw new ApiError(400, 'RESERVED_EMAIL_DOMAIN', RESERVED_EMAIL_DOMAIN_MESSAGE);
  const emails = users.map((u) => u.email.toLowerCase());
  if (new Set(emails).size !== emails.length) throw duplicateEmail();
  for (const e of emails) {
    if (await repo.findUserByEmail(ctx.db, e)) throw duplicateEmail();
  }
  const prepared = await Promise.all(
    users.map(async (u) => ({
      user: u,
      userId: randomHex(16),
      token: randomToken(),
      passwordHash: await hashPassword(u.password),
    })),
  );
  const inserted = await repo.insertUsers(
    ctx.db,
    prepared.map((p) => ({
      userId: p.userId,
      email: p.user.email.toLowerCase(),
      firstName: p.user.firstName,
      passwordHash: p.passwordHash,
      roles: [SIGNUP_ROLE],
      isActive: false,
      activationTokenHash: tokenHash(p.token),
      activationExpiresAt: new Date(Date.now() + ctx.config.activationTokenTtlHours * 3600_000),
    })),
  );
  if (!inserted) throw duplicateEmail();

  try {
    for (const p of prepared) {
      const email = p.user.email.toLowerCase();
      if (p.user.language) await repo.saveUiLanguage(ctx.db, p.userId, p.user.language);
      await queueMail(
        ctx,
        renderMail('activation', p.user.language, email, {
          name: p.user.firstName,
          link: activationLink(ctx.config.publicUrl, email, p.userId, p.token),
        }),
      );
    }
  } catch (err) {
    ctx.log.error({ err }, 'activation e-mail could not be queued; removing the new accounts');
    await Promise.all(prepared.map((p) => repo.deleteUser(ctx.db, p.userId)));
    throw new ApiError(503, 'MAIL_FAILED', 'We could not send the activation e-mail. Please try again later.');
  }
  for (const p of prepared) {
    await recordAudit(ctx, {
      actorUserId: null,
      action: 'signup',
      targetUserId: p.userId,
      ip: meta?.ip ?? null,
      details: { email: p.user.email.toLowerCase() },
    });
  }
  return prepared.map((p) => p.userId);
}

/** The domain of a deleted account's placeholder e-mail (`.invalid` never delivers, RFC 2606; docs/product.md#profile-and-api-keys). */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/** True for the placeholder e-mail of a deleted account (domain {@link DELETED_EMAIL_DOMAIN}, any case, surrounding spaces ignored). */
export function isDeletedEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}

/** Answer of a sign-up at a reserved domain: the platform accounts' or the deleted accounts' (docs/product.md#sign-in-and-accounts). */
export const RESERVED_EMAIL_DOMAIN_MESSAGE = `E-mail addresses at ${SYSTEM_ACCOUNT_DOMAIN} and ${DELETED_EMAIL_DOMAIN} are reserved for the platform's own accounts: sign up with your own e-mail address.`;

function duplicateEmail(): ApiError {
  return new ApiError(422, 'DUPLICATE_EMAIL', DUPLICATE_EMAIL_MESSAGE);
}

/** Answer of verify-user when the link's account is already active (a spent link opened again). */
export const ALREADY_ACTIVE_MESSAGE = 'This account is already active. You can sign in.';

/**
 * Activates an account from its activation link (single use: the token is cleared).
 * Returns the activated user, or `alreadyActive: true` when the link's e-mail and user id name an
 * account that is active already (the link was used before): nothing to do, and not an error.
 * Throws ApiError 400 ACTIVATION_INVALID when e-mail, user id or token do not match an inactive
 * account, or the link expired.
 */
export async function verifyUser(
  ctx: AppContext,
  input: { email: string; userID: string; token: string },
  meta?: RequestMeta,
): Promise<{ user: UserDetails; alreadyActive: boolean }> {
  const row = await repo.activateUser(ctx.db, input.email, input.userID, tokenHash(input.token));
  if (!row) {
    // The user id comes from the e-mailed link: only its holder learns that the account is active.
    const existing = await repo.findUserById(ctx.db, input.userID);
    if (existing && existing.is_active && existing.email.toLowerCase() === input.email.trim().toLowerCase()) {
      return { user: toUserDetails(existing), alreadyActive: true };
    }
    await recordAudit(ctx, {
      actorUserId: null,
      action: 'activation.failure',
      ip: meta?.ip ?? null,
      details: { email: input.email.toLowerCase(), userID: input.userID.slice(0, 64) },
    });
    throw new ApiError(400, 'ACTIVATION_INVALID', INVALID_ACTIVATION_MESSAGE);
  }
  await recordAudit(ctx, { actorUserId: row.user_id, action: 'activation', targetUserId: row.user_id, ip: meta?.ip ?? null });
  return { user: toUserDetails(row), alreadyActive: false };
}

/** A successful login: a fresh key pair (64-character hex strings) and the user's details. */
export interface LoginResult {
  userKeys: { publicKey: string; privateKey: string };
  userDetails: UserDetails;
}

/**
 * Checks e-mail and password and issues a new session key pair; the private key is stored
 * encrypted (AES-256-GCM) with the server secret. Throws ApiError 401 'Invalid email / password'
 * for an unknown e-mail or a wrong password alike, 403 ACCOUNT_INACTIVE before activation, and
 * 429 (TooManyRequestsError, with the seconds to wait) once the account or the address has used
 * up its failed attempts (account-calls.rate-limit.ts) and no valid one-time `code` came with the password: the
 * account's owner is then e-mailed that code (login-code.ts), so the lock never keeps them out
 * (docs/operations.md#limits). The attempt is counted before the password is checked, atomically,
 * so parallel guesses cannot pass the limit. Every outcome is audited.
 */
export async function login(
  ctx: AppContext<AccountsServices>,
  email: string,
  password: string,
  meta: RequestMeta = { ip: '0.0.0.0' },
  code?: string,
): Promise<LoginResult> {
  const typed = email.trim();
  const gate = await consumeLoginAttempt(ctx, typed, meta.ip);
  const user = await repo.findUserByEmail(ctx.db, typed);
  if (gate.locked && !(user && code && isLoginCode(ctx, user, code))) {
    // No password is checked without the code: guesses learn nothing and cost no hashing. The
    // answer is the same whether the e-mail exists, the code was missing or wrong.
    if (user && !code && (await mayEmailLoginCode(ctx, typed))) await mailLoginCode(ctx, user);
    await recordAudit(ctx, {
      actorUserId: null,
      action: 'login.throttled',
      targetUserId: user?.user_id ?? null,
      ip: meta.ip,
      details: { email: typed.toLowerCase(), ...(code ? { code: 'wrong' } : {}) },
    });
    throw new TooManyRequestsError(gate.message, gate.waitSeconds);
  }
  let ok = false;
  if (user) ok = await verifyPassword(user.password_hash, password);
  else await verifyPassword(await getDummyHash(), password);
  if (!user || !ok) {
    // Already counted by consumeLoginAttempt.
    await recordAudit(ctx, {
      actorUserId: null,
      action: 'login.failure',
      targetUserId: user?.user_id ?? null,
      ip: meta.ip,
      details: { email: typed.toLowerCase(), reason: user ? 'wrong password' : 'unknown e-mail' },
    });
    throw unauthorized(INVALID_LOGIN_MESSAGE);
  }
  await recordLoginSuccess(ctx, typed, meta.ip);
  if (!user.is_active) {
    const deactivated = user.activated_time !== null;
    await recordAudit(ctx, {
      actorUserId: null,
      action: 'login.failure',
      targetUserId: user.user_id,
      ip: meta.ip,
      details: { email: user.email, reason: deactivated ? 'deactivated' : 'inactive' },
    });
    if (deactivated) throw new ApiError(403, 'ACCOUNT_DEACTIVATED', DEACTIVATED_LOGIN_MESSAGE);
    throw new ApiError(403, 'ACCOUNT_INACTIVE', INACTIVE_LOGIN_MESSAGE);
  }
  const publicKey = randomHex(32);
  const privateKey = randomHex(32);
  await repo.insertKey(ctx.db, user.user_id, publicKey, encryptSecret(secretKey(ctx.config), privateKey, publicKey));
  await recordAudit(ctx, {
    actorUserId: user.user_id,
    action: 'login.success',
    targetUserId: user.user_id,
    ip: meta.ip,
    ...(gate.locked ? { details: { withCode: true } } : {}),
  });
  return { userKeys: { publicKey, privateKey }, userDetails: toUserDetails(user) };
}

/**
 * Records a login attempt refused before it was checked (its input broke an API text rule, e.g. a
 * NUL character): a 'login.failure' audit event with reason 'invalid input' and the e-mail as
 * typed, NUL characters shown as U+FFFD (PostgreSQL cannot store them).
 */
export async function auditRefusedLogin(
  ctx: AppContext,
  body: unknown /* the login body, { data: { email } } */,
  meta: RequestMeta = { ip: 'unknown' },
): Promise<void> {
  const email = (body as { data?: { email?: unknown } } | null)?.data?.email;
  const shown = typeof email === 'string' ? withoutNul(email.trim().toLowerCase()).slice(0, 320) : null;
  await recordAudit(ctx, { actorUserId: null, action: 'login.failure', ip: meta.ip, details: { email: shown, reason: 'invalid input' } });
}

/** Ends a session: deletes the key pair with this public key (at once, in every process). Returns true when it existed. */
export async function logout(ctx: AppContext, user: { userId: string; publicKey: string }, meta?: RequestMeta): Promise<boolean> {
  const existed = await repo.deleteKey(ctx.db, user.publicKey);
  // This process forgets it now; the others at the ulca_auth NOTIFY (security/session-cache.ts).
  await afterUserChange(ctx, { action: 'logout', targetUserId: user.userId, ip: meta?.ip ?? null });
  return existed;
}

/** The public details of a user by id, or undefined; for other modules (never read `users` directly). */
export async function getUserById(ctx: AppContext, userId: string): Promise<UserDetails | undefined> {
  const row = await repo.findUserById(ctx.db, userId);
  return row ? toUserDetails(row) : undefined;
}

/** The public details of a user by e-mail (case-insensitive), or undefined. */
export async function getUserByEmail(ctx: AppContext, email: string): Promise<UserDetails | undefined> {
  const row = await repo.findUserByEmail(ctx.db, email);
  return row ? toUserDetails(row) : undefined;
}

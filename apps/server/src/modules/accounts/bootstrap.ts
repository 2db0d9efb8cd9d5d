import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { randomHex } from '../../security/crypto.ts';
import { insertUserIfAbsent, findUserByEmail } from './repo.ts';
import { isStrongPassword } from '@ulca/contracts';
import { hashPassword } from './passwords.ts';

/** A random password that meets the sign-up rule of docs/product.md#validation-rules (about 144 bits). */
export function generatePassword(): string {
  for (;;) {
    const candidate = `${randomBytes(18).toString('base64url')}!`;
    if (isStrongPassword(candidate)) return candidate;
  }
}

/**
 * Creates the first-start ADMIN account (config.adminEmail, active, roles ['ADMIN']) with
 * config.adminPassword, or a generated password that is returned so the caller can print it
 * once. A no-op returning `{ created: false }` when a user with that e-mail exists (also when
 * another process created it at the same moment).
 */
export async function ensureAdmin(ctx: AppContext): Promise<{ created: boolean; password?: string }> {
  const email = ctx.config.adminEmail.trim().toLowerCase();
  if (await findUserByEmail(ctx.db, email)) return { created: false };
  const password = ctx.config.adminPassword ?? generatePassword();
  const created = await insertUserIfAbsent(ctx.db, {
    userId: randomHex(16),
    email,
    firstName: 'Admin',
    passwordHash: await hashPassword(password),
    roles: ['ADMIN'],
    isActive: true,
    activationTokenHash: null,
  });
  if (!created) return { created: false };
  ctx.log.info({ email }, 'admin account created');
  return ctx.config.adminPassword ? { created: true } : { created: true, password };
}

/**
 * The id of a platform-owned account (e.g. the owner of the reference models), created
 * on first call: inactive, so it can never sign in, with a random password that is never shown,
 * and role READONLY-USER. Idempotent across restarts and concurrent starts (keyed by `email`).
 * @throws Error when the row can be neither created nor found (a database failure).
 */
export async function ensureSystemUser(ctx: AppContext, account: { email: string; firstName: string }): Promise<string> {
  const email = account.email.trim().toLowerCase();
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) return existing.user_id;
  await insertUserIfAbsent(ctx.db, {
    userId: randomHex(16),
    email,
    firstName: account.firstName,
    passwordHash: await hashPassword(generatePassword()),
    roles: ['READONLY-USER'],
    isActive: false,
    activationTokenHash: null,
  });
  const row = await findUserByEmail(ctx.db, email);
  if (!row) throw new Error(`system account ${email} could not be created`);
  return row.user_id;
}

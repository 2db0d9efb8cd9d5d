import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { randomHex } from '../../security/crypto.ts';
import { insertUserIfAbsent, findUserByEmail } from './repo.ts';
import { isStrongPassword } from './schemas.ts';
import { hashPassword } from './passwords.ts';

/** A random password that meets the sign-up rule of spec 01 §5 (about 144 bits). */
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

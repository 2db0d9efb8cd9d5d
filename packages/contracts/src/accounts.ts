/**
 * Account rules shared by the server and the web app (docs/product.md#validation-rules, docs/product.md#constants-and-limits), so the sign-up form and
 * the API accept exactly the same passwords.
 */
import { z } from 'zod';

/** Minimum password length in characters (docs/product.md#constants-and-limits). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest accepted password in characters (bounds the hashing work per request). */
export const MAX_PASSWORD_LENGTH = 256;
/** The spec's message for a password that breaks the rule (docs/product.md#validation-rules). */
export const PASSWORD_RULE_MESSAGE =
  'Minimum length is 8 characters with combination of uppercase, lowercase, number and a special character';

const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;

/** True when `password` has at least 8 characters with upper case, lower case, a digit and a special character. */
export function isStrongPassword(password: string): boolean {
  return password.length <= MAX_PASSWORD_LENGTH && PASSWORD_PATTERN.test(password);
}

/**
 * Answer of POST /ulca/user-mgmt/v1/users/verify-user (200): the account was activated, or
 * `code: 'ALREADY_ACTIVE'` when it was active already (a used link opened again; docs/product.md#states-and-transitions).
 */
export const verifyUserResponse = z.object({ message: z.string(), code: z.literal('ALREADY_ACTIVE').optional() });
export type VerifyUserResponse = z.infer<typeof verifyUserResponse>;

/**
 * The e-mail domain of the platform's own accounts (the owner of the reference models,
 * docs/product.md#admin): `.invalid` is reserved (RFC 2606), so no mailbox, sign-in or activation
 * link can exist there. The admin list marks these accounts and the server refuses to change them.
 */
export const SYSTEM_ACCOUNT_DOMAIN = 'ulca.invalid';

/** True when `email` is a platform account's (domain {@link SYSTEM_ACCOUNT_DOMAIN}, any case, surrounding spaces ignored). */
export function isSystemAccountEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${SYSTEM_ACCOUNT_DOMAIN}`);
}

import crypto from 'node:crypto';

/**
 * Signed download links. A browser link cannot carry signed headers, so the URL carries an
 * HMAC-SHA256 (server secret) over the parts that the link is for, followed by its expiry in Unix
 * seconds: `parts.join('|') + '|' + expiresAt`. Shared by the dataset error reports and the
 * search downloads; callers put a distinct first part (or a distinct shape) per kind of link.
 */

/** The token (base64url HMAC) for `parts` valid until `expiresAt` (Unix seconds). */
export function signLinkParts(secret: Buffer, parts: readonly string[], expiresAt: number): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${parts.join('|')}|${expiresAt}`)
    .digest('base64url');
}

/** True when `token` was made by signLinkParts for (`parts`, `expiresAt`) and `expiresAt` has not passed. Constant-time. */
export function checkLinkParts(secret: Buffer, parts: readonly string[], expiresAt: number, token: string, now = Date.now()): boolean {
  if (!Number.isInteger(expiresAt) || expiresAt < now / 1000 || !token) return false;
  const expected = crypto
    .createHmac('sha256', secret)
    .update(`${parts.join('|')}|${expiresAt}`)
    .digest();
  const given = Buffer.from(token, 'base64url');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

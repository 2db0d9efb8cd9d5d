import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The request-signing algorithm of DESIGN.md §5 (spec 01 §7), pure and dependency-free so the
 * web client, the CLI and the benchmarks can mirror it exactly:
 *
 * - `payload` = sha256 hex of the exact body string sent (for a request with a body, '' when the
 *   body is empty), or sha256 hex of the path and query exactly as sent for GET/DELETE without body;
 * - `sig` = sha256 hex of `privateKey + '|' + payload`.
 *
 * MD5 in place of SHA-256 (for either hash) is what the original ULCA clients send; the server
 * accepts it only when LEGACY_MD5_SIGNATURES=true.
 */

/** Hash algorithms a signature may use. */
export type SignatureHash = 'sha256' | 'md5';

/** Hex digest of the UTF-8 bytes of `text`. */
export function hashHex(text: string, algorithm: SignatureHash = 'sha256'): string {
  return createHash(algorithm).update(text, 'utf8').digest('hex');
}

/** The `payload` header for a request whose body is the string `raw` (exact bytes sent). */
export function payloadForBody(raw: string, algorithm: SignatureHash = 'sha256'): string {
  return hashHex(raw, algorithm);
}

/** The `payload` header for a body-less GET/DELETE: `url` is path + query as sent, e.g. `/x?y=1`. */
export function payloadForUrl(url: string, algorithm: SignatureHash = 'sha256'): string {
  return hashHex(url, algorithm);
}

/** The `sig` header: hex hash of `privateKey|payload`. */
export function signRequest(privateKey: string, payload: string, algorithm: SignatureHash = 'sha256'): string {
  return hashHex(`${privateKey}|${payload}`, algorithm);
}

/** The three headers of a signed call. */
export interface SignedHeaders {
  key: string;
  payload: string;
  sig: string;
}

/**
 * Builds the headers for a call. `body` is the exact string that will be sent, or undefined for a
 * body-less GET/DELETE, in which case `url` (path + query) is hashed.
 */
export function signedHeaders(
  keys: { publicKey: string; privateKey: string },
  req: { url: string; body?: string },
  algorithm: SignatureHash = 'sha256',
): SignedHeaders {
  const payload = req.body === undefined ? payloadForUrl(req.url, algorithm) : payloadForBody(req.body, algorithm);
  return { key: keys.publicKey, payload, sig: signRequest(keys.privateKey, payload, algorithm) };
}

/** Constant-time comparison of two hex strings (false when the lengths differ). */
export function hexEquals(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

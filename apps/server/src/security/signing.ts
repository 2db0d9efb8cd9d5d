import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The request-signing algorithms of docs/api.md#request-signatures (docs/api.md#request-signatures), pure and
 * dependency-free so the web client (apps/web/src/lib/signing.ts), the tests and the benchmarks
 * mirror them exactly. docs/api.md#request-signatures documents them for API clients.
 *
 * Version 2 (the default; headers `key`, `payload`, `sig`, `x-ulca-timestamp`, `x-ulca-nonce`):
 * - `x-ulca-timestamp` = Unix time in whole seconds; `x-ulca-nonce` = 16 to 64 random characters
 *   (letters, digits, `-_.~+/=`), never reused by that key;
 * - `payload` = sha256 hex of `METHOD + "\n" + path-with-query + "\n" + timestamp + "\n" + nonce
 *   + "\n" + sha256 hex of the exact body bytes` (of no bytes when there is no body);
 * - `sig` = sha256 hex of `privateKey + '|' + payload`.
 *
 * Version 1, body only (the original ULCA protocol; accepted only with LEGACY_MD5_SIGNATURES=true):
 * - `payload` = hash hex of the exact body bytes sent ('' when the body is empty), or of the
 *   path and query exactly as sent for GET/DELETE without body; `sig` as above. SHA-256, or MD5
 *   (for either hash) as the original clients send.
 * - or, for any method, `payload` = MD5 hex of the full URL the client requested, scheme and host
 *   included (`http://host:port/ulca/...?query`), as the original web client signs its GETs and
 *   several POSTs; {@link legacySignedHeaders} with that URL and no body builds it.
 */

/** Hash algorithms a signature may use. */
export type SignatureHash = 'sha256' | 'md5';

/** Header names of signature version 2. */
export const TIMESTAMP_HEADER = 'x-ulca-timestamp';
export const NONCE_HEADER = 'x-ulca-nonce';

/** What a v2 nonce may be: 16 to 64 characters, letters, digits and `-_.~+/=` (hex and base64 fit). */
export const NONCE_PATTERN = /^[A-Za-z0-9\-_.~+/=]{16,64}$/;

/** Hex digest of `data`: the UTF-8 bytes of a string, or the bytes of a Buffer as they are. */
export function hashHex(data: string | Uint8Array, algorithm: SignatureHash = 'sha256'): string {
  // One-shot crypto.hash (Node ≥ 20.12; strings as UTF-8): a signed call hashes three times, and
  // a Hash object per digest cost twice as much (docs/benchmarks.md#api).
  return hash(algorithm, data, 'hex');
}

/** The v1 `payload` header for a request whose body is `raw` (the exact bytes sent, or their UTF-8 string). */
export function payloadForBody(raw: string | Uint8Array, algorithm: SignatureHash = 'sha256'): string {
  return hashHex(raw, algorithm);
}

/** What a v2 signature covers. */
export interface SignedRequestParts {
  /** HTTP method, any case (upper-cased when signed). */
  method: string;
  /** Path and query exactly as sent, e.g. `/ulca/apis/v0/dataset/listByUserId?userId=abc`. */
  url: string;
  /** Unix time, whole seconds. */
  timestamp: number | string;
  nonce: string;
  /** The exact body bytes (a string is taken as its UTF-8 bytes); undefined = no body. */
  body?: string | Uint8Array;
}

/**
 * The v2 `payload` header: sha256 hex of METHOD, path-with-query, timestamp, nonce and the body's
 * sha256 hex, joined by "\n".
 */
export function payloadV2(parts: SignedRequestParts): string {
  const bodyHash = hashHex(parts.body ?? '');
  return hashHex(`${parts.method.toUpperCase()}\n${parts.url}\n${parts.timestamp}\n${parts.nonce}\n${bodyHash}`);
}

/** A fresh v2 nonce: 32 hex characters (128 random bits). */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** The v1 `payload` header for a body-less GET/DELETE: `url` is path + query as sent, e.g. `/x?y=1`. */
export function payloadForUrl(url: string, algorithm: SignatureHash = 'sha256'): string {
  return hashHex(url, algorithm);
}

/** The `sig` header: hex hash of `privateKey|payload`. */
export function signRequest(privateKey: string, payload: string, algorithm: SignatureHash = 'sha256'): string {
  return hashHex(`${privateKey}|${payload}`, algorithm);
}

/** The three headers of a v1 (body-only) signed call. */
export interface LegacySignedHeaders {
  key: string;
  payload: string;
  sig: string;
}

/** The five headers of a v2 signed call. */
export interface SignedHeaders extends LegacySignedHeaders {
  [TIMESTAMP_HEADER]: string;
  [NONCE_HEADER]: string;
}

/**
 * Builds the v2 headers for one call (a signed call is good once: sign every request afresh).
 * `body` is the exact string or bytes that will be sent, or undefined for none. `at` fixes the
 * timestamp (Unix seconds) and nonce, e.g. for test vectors; by default now and {@link newNonce}.
 */
export function signedHeaders(
  keys: { publicKey: string; privateKey: string },
  req: { method: string; url: string; body?: string | Uint8Array },
  at: { timestamp?: number; nonce?: string } = {},
): SignedHeaders {
  const timestamp = String(at.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = at.nonce ?? newNonce();
  const payload = payloadV2({ method: req.method, url: req.url, timestamp, nonce, body: req.body });
  return { key: keys.publicKey, payload, sig: signRequest(keys.privateKey, payload), [TIMESTAMP_HEADER]: timestamp, [NONCE_HEADER]: nonce };
}

/**
 * Builds v1 (body-only) headers, as the original ULCA clients send. `body` is the exact string
 * that will be sent, or undefined for a body-less GET/DELETE, in which case `url` (path + query,
 * or with MD5 the full URL as the original web client signs) is hashed. Accepted only with
 * LEGACY_MD5_SIGNATURES=true.
 */
export function legacySignedHeaders(
  keys: { publicKey: string; privateKey: string },
  req: { url: string; body?: string },
  algorithm: SignatureHash = 'sha256',
): LegacySignedHeaders {
  const payload = req.body === undefined ? payloadForUrl(req.url, algorithm) : payloadForBody(req.body, algorithm);
  return { key: keys.publicKey, payload, sig: signRequest(keys.privateKey, payload, algorithm) };
}

/** Constant-time comparison of two hex strings (false when the lengths differ). */
export function hexEquals(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

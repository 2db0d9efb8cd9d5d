import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Request signing, version 2 (docs/api.md#request-signatures, docs/api.md#request-signatures), mirrored
 * by apps/server/src/security/signing.ts (a unit test there checks they agree):
 * payload = sha256 hex of METHOD \n path-with-query \n timestamp \n nonce \n sha256 hex(body bytes);
 * sig = sha256 hex(privateKey + "|" + payload); headers key, payload, sig, x-ulca-timestamp (Unix
 * seconds), x-ulca-nonce (random, used once). A signed call is good once, within the server's
 * window (SIGNATURE_WINDOW_SECONDS) of its timestamp.
 */

/** sha256 hex of a string's UTF-8 bytes, or of bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(sha256(typeof data === 'string' ? utf8ToBytes(data) : data));
}

/** A fresh nonce: 32 hex characters from the platform's secure random source. */
export function newNonce(): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(16)));
}

/** What one signed call covers: method, path with query exactly as requested, body sent as text or bytes (none for undefined). */
export interface SignedCall {
  method: string;
  url: string;
  body?: string | Uint8Array;
}

/**
 * The five signature headers of one call. `at` fixes the timestamp (Unix seconds) and nonce (tests);
 * by default the current time, shifted by `clockOffsetSeconds`, and a fresh nonce.
 */
export function signHeaders(
  publicKey: string,
  privateKey: string,
  call: SignedCall,
  at: { timestamp?: number; nonce?: string; clockOffsetSeconds?: number } = {},
): Record<string, string> {
  const timestamp = String(at.timestamp ?? Math.floor(Date.now() / 1000 + (at.clockOffsetSeconds ?? 0)));
  const nonce = at.nonce ?? newNonce();
  const payload = sha256Hex(`${call.method.toUpperCase()}\n${call.url}\n${timestamp}\n${nonce}\n${sha256Hex(call.body ?? '')}`);
  return { key: publicKey, payload, sig: sha256Hex(`${privateKey}|${payload}`), 'x-ulca-timestamp': timestamp, 'x-ulca-nonce': nonce };
}

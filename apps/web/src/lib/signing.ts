import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Request signing of DESIGN.md §5, mirrored by apps/server/src/security/signing.ts:
 * payload = sha256 hex of the exact body (or of path+query for GET); sig = sha256 hex(privateKey + "|" + payload).
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Headers `key`, `payload`, `sig` for a request whose signed material is `material` (body text or path+query). */
export function signHeaders(publicKey: string, privateKey: string, material: string): Record<string, string> {
  const payload = sha256Hex(material);
  return { key: publicKey, payload, sig: sha256Hex(`${privateKey}|${payload}`) };
}

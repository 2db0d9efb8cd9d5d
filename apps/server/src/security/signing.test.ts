import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import {
  hexEquals,
  legacySignedHeaders,
  newNonce,
  NONCE_PATTERN,
  payloadForBody,
  payloadForUrl,
  payloadV2,
  signRequest,
  signedHeaders,
} from './signing.ts';
import { signHeaders as webSignHeaders } from '../../../web/src/lib/signing.ts';
import { decryptSecret, encryptSecret, secretKey, tokenHash } from './crypto.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sha256Bytes = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The worked example of docs/api.md#request-signatures (keys 'pub' / 'priv'). */
const README_EXAMPLE = {
  bodyHash: 'dc7b7f8be9141c63e687a978ef577d9581b8e8099761c20f7dc4aa54cac3d135',
  payload: 'a0152a3dc587ee7a435285c5ff32ce301cb5f5e7e5c4130c4670c7734408acbd',
  sig: 'bfb2b0aae26d154b8120cad23e130c828fee65536ad6508da583aa998c533b9d',
};

describe('request signing', () => {
  it('hashes the exact body, and the path with query for body-less calls', () => {
    expect(payloadForBody('{"a":1}')).toBe(sha256('{"a":1}'));
    expect(payloadForBody('{"a": 1}')).not.toBe(payloadForBody('{"a":1}'));
    expect(payloadForBody('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(payloadForUrl('/ulca/apis/v0/dataset/listByUserId?userId=abc')).toBe(sha256('/ulca/apis/v0/dataset/listByUserId?userId=abc'));
  });

  it('signs privateKey|payload, with md5 as the legacy variant', () => {
    const p = payloadForBody('{}');
    expect(signRequest('priv', p)).toBe(sha256(`priv|${p}`));
    expect(signRequest('priv', p, 'md5')).toBe(createHash('md5').update(`priv|${p}`).digest('hex'));
  });

  it('builds the three v1 headers from a body or from the url', () => {
    const keys = { publicKey: 'pub', privateKey: 'priv' };
    const withBody = legacySignedHeaders(keys, { url: '/x', body: '{"b":2}' });
    expect(withBody).toEqual({ key: 'pub', payload: sha256('{"b":2}'), sig: sha256(`priv|${sha256('{"b":2}')}`) });
    expect(legacySignedHeaders(keys, { url: '/x?y=1' }).payload).toBe(sha256('/x?y=1'));
  });

  it('v2: payload over method, path with query, timestamp, nonce and the body hash (the README example)', () => {
    const keys = { publicKey: 'pub', privateKey: 'priv' };
    const body = '{"userID":"u1","ulcaApiKey":"ulca_abc","serviceProviderName":"ulca-reference-models"}';
    const url = '/ulca/user-mgmt/v1/users/generateServiceProviderKey';
    const at = { timestamp: 1767225600, nonce: '5f2b9c1e8a7d4f60b3e1c2d4a5b6c7d8' };
    const h = signedHeaders(keys, { method: 'post', url, body }, at);
    const material = `POST\n${url}\n1767225600\n5f2b9c1e8a7d4f60b3e1c2d4a5b6c7d8\n${sha256(body)}`;
    expect(h).toEqual({
      key: 'pub',
      payload: sha256(material),
      sig: sha256(`priv|${sha256(material)}`),
      'x-ulca-timestamp': '1767225600',
      'x-ulca-nonce': at.nonce,
    });
    // The values printed in docs/api.md#request-signatures.
    expect(sha256(body)).toBe(README_EXAMPLE.bodyHash);
    expect(h.payload).toBe(README_EXAMPLE.payload);
    expect(h.sig).toBe(README_EXAMPLE.sig);
    // No body: the hash of no bytes; the route and the method are covered.
    const get = payloadV2({ method: 'GET', url: '/x?y=1', ...at });
    expect(get).toBe(sha256(`GET\n/x?y=1\n1767225600\n${at.nonce}\n${sha256('')}`));
    expect(payloadV2({ method: 'DELETE', url: '/x?y=1', ...at })).not.toBe(get);
    expect(payloadV2({ method: 'GET', url: '/x?y=2', ...at })).not.toBe(get);
  });

  it('v2: hashes body bytes as they are, even when they are not UTF-8', () => {
    const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const at = { timestamp: 1, nonce: 'n'.repeat(16) };
    const expected = sha256Bytes(bytes);
    expect(payloadV2({ method: 'POST', url: '/x', body: bytes, ...at })).toBe(sha256(`POST\n/x\n1\n${at.nonce}\n${expected}`));
    // Decoding first would change the bytes (U+FFFD), and the hash.
    expect(sha256(bytes.toString('utf8'))).not.toBe(expected);
  });

  it('v2: the web client signs exactly as the server verifies', () => {
    const at = { timestamp: 1767225600, nonce: 'abcdefghijklmnop' };
    for (const req of [
      { method: 'POST', url: '/ulca/apis/v0/dataset/corpus/submit', body: '{"datasetName":"हिन्दी समाचार"}' },
      { method: 'GET', url: '/ulca/user-mgmt/v1/users/me' },
      { method: 'GET', url: '/ulca/apis/v0/dataset/listByUserId?userId=a%20b&startPage=1' },
    ]) {
      expect(webSignHeaders('pub', 'priv', req, at)).toEqual(signedHeaders({ publicKey: 'pub', privateKey: 'priv' }, req, at));
    }
    const fresh = webSignHeaders('pub', 'priv', { method: 'GET', url: '/x' });
    expect(fresh['x-ulca-nonce']).toMatch(NONCE_PATTERN);
    expect(Math.abs(Number(fresh['x-ulca-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(newNonce()).toMatch(NONCE_PATTERN);
    expect(newNonce()).not.toBe(newNonce());
  });

  it('compares hex strings without throwing on different lengths', () => {
    expect(hexEquals('abcd', 'abcd')).toBe(true);
    expect(hexEquals('abcd', 'abce')).toBe(false);
    expect(hexEquals('abcd', 'abc')).toBe(false);
  });
});

describe('server secret and key encryption', () => {
  it('creates secret.key once with mode 0600 and reads the same secret back', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-secret-'));
    try {
      const a = secretKey({ dataDir, secret: undefined });
      const file = path.join(dataDir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(a).toHaveLength(32);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(a.toString('hex'));
      expect(secretKey({ dataDir, secret: undefined }).equals(a)).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('uses ULCA_SECRET when set and refuses a short one', () => {
    const dataDir = path.join(os.tmpdir(), 'ulca-secret-unused');
    const s = secretKey({ dataDir, secret: 'a long enough server secret' });
    expect(s.equals(createHash('sha256').update('a long enough server secret').digest())).toBe(true);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(() => secretKey({ dataDir, secret: 'short' })).toThrow(/at least 16/);
  });

  it('encrypts so that only the same secret and public key decrypt', () => {
    const secret = Buffer.alloc(32, 7);
    const enc = encryptSecret(secret, 'my-private-key', 'pub1');
    expect(enc).not.toContain('my-private-key');
    expect(enc).not.toBe(encryptSecret(secret, 'my-private-key', 'pub1'));
    expect(decryptSecret(secret, enc, 'pub1')).toBe('my-private-key');
    expect(() => decryptSecret(secret, enc, 'pub2')).toThrow();
    expect(() => decryptSecret(Buffer.alloc(32, 8), enc, 'pub1')).toThrow();
    expect(() => decryptSecret(secret, 'garbage', 'pub1')).toThrow(/format/);
  });

  it('stores tokens as sha-256 hex', () => {
    expect(tokenHash('abc')).toBe(sha256('abc'));
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { hexEquals, payloadForBody, payloadForUrl, signRequest, signedHeaders } from './signing.ts';
import { decryptSecret, encryptSecret, secretKey, tokenHash } from './crypto.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

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

  it('builds the three headers from a body or from the url', () => {
    const keys = { publicKey: 'pub', privateKey: 'priv' };
    const withBody = signedHeaders(keys, { url: '/x', body: '{"b":2}' });
    expect(withBody).toEqual({ key: 'pub', payload: sha256('{"b":2}'), sig: sha256(`priv|${sha256('{"b":2}')}`) });
    expect(signedHeaders(keys, { url: '/x?y=1' }).payload).toBe(sha256('/x?y=1'));
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

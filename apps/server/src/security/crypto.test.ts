import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, secretKey } from './crypto.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-secret-'));
  dirs.push(d);
  return d;
}

describe('server secret: ULCA_SECRET and <dataDir>/secret.key are interchangeable', () => {
  it('a 64-hex ULCA_SECRET copied from secret.key gives the same key, so encrypted keys stay readable', () => {
    const dir = dataDir();
    const fromFile = secretKey({ dataDir: dir, secret: undefined });
    const hex = fs.readFileSync(path.join(dir, 'secret.key'), 'utf8').trim();
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    const fromEnv = secretKey({ dataDir: dataDir(), secret: hex });
    expect(fromEnv.equals(fromFile)).toBe(true);
    expect(secretKey({ dataDir: dir, secret: hex.toUpperCase() }).equals(fromFile)).toBe(true);
    const enc = encryptSecret(fromFile, 'private key', 'pub');
    expect(decryptSecret(fromEnv, enc, 'pub')).toBe('private key');
  });

  it('any other ULCA_SECRET of 16+ characters is hashed to 32 bytes; a shorter one throws', () => {
    const key = secretKey({ dataDir: dataDir(), secret: 'a passphrase of some length' });
    expect(key).toHaveLength(32);
    expect(key.equals(secretKey({ dataDir: dataDir(), secret: 'a passphrase of some length' }))).toBe(true);
    expect(() => secretKey({ dataDir: dataDir(), secret: 'too short' })).toThrow(/at least 16/);
  });

  it('a corrupt secret.key throws, naming the file', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'secret.key'), 'not hex\n');
    expect(() => secretKey({ dataDir: dir, secret: undefined })).toThrow(/secret\.key does not hold a 64-character hex secret/);
  });
});

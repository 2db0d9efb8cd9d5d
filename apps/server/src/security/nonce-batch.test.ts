import { describe, expect, it } from 'vitest';
import type { Db } from '../db/pool.ts';
import { NonceClaims } from './nonce-batch.ts';

/** A Db whose pool answers the claim statement from an in-memory primary key, recording each statement's size. */
function fakeDb(fail = false): { db: Db; sizes: number[]; stored: Set<string> } {
  const stored = new Set<string>();
  const sizes: number[] = [];
  const query = async (q: { values: [string[], string[], string[]] }) => {
    const [keys, nonces] = q.values;
    sizes.push(keys.length);
    await new Promise((r) => setTimeout(r, 5));
    if (fail) throw new Error('database down');
    const rows: { public_key: string; nonce: string }[] = [];
    keys.forEach((k, i) => {
      const id = `${k}\n${nonces[i]}`;
      if (!stored.has(id)) {
        stored.add(id);
        rows.push({ public_key: k, nonce: nonces[i] });
      }
    });
    return { rows };
  };
  return { db: { pool: { query } } as unknown as Db, sizes, stored };
}

const later = new Date(Date.now() + 300_000);

describe('NonceClaims (grouped nonce claims)', () => {
  it('groups concurrent claims into few statements and lets exactly one of repeated (key, nonce) win', async () => {
    const { db, sizes } = fakeDb();
    const claims = new NonceClaims(db);
    const fresh = Array.from({ length: 40 }, (_, i) => claims.claim('k1', `nonce-${i}-abcdefghijklmnop`, later));
    const repeated = Array.from({ length: 10 }, () => claims.claim('k1', 'same-nonce-abcdefghijkl', later));
    expect(await Promise.all(fresh)).toEqual(Array(40).fill(true));
    expect((await Promise.all(repeated)).filter(Boolean)).toHaveLength(1);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(41);
    expect(sizes.length).toBeLessThanOrEqual(4);
    await claims.close();
  });

  it('close() waits for the claims under way', async () => {
    const { db, stored } = fakeDb();
    const claims = new NonceClaims(db);
    const claim = claims.claim('k1', 'c-0123456789abcdef', later);
    await claims.close();
    expect(stored.has('k1\nc-0123456789abcdef')).toBe(true);
    expect(await claim).toBe(true);
  });

  it('refuses a nonce claimed by an earlier statement, and the same nonce under another key is its own', async () => {
    const { db } = fakeDb();
    const claims = new NonceClaims(db);
    expect(await claims.claim('k1', 'n-0123456789abcdef', later)).toBe(true);
    expect(await claims.claim('k1', 'n-0123456789abcdef', later)).toBe(false);
    expect(await claims.claim('k2', 'n-0123456789abcdef', later)).toBe(true);
  });

  it('rejects every caller of a failed statement, and later calls while the database still fails', async () => {
    const down = fakeDb(true);
    const claims = new NonceClaims(down.db);
    const calls = [claims.claim('k1', 'a-0123456789abcdef', later), claims.claim('k1', 'a-0123456789abcdef', later)];
    for (const c of calls) await expect(c).rejects.toThrow('database down');
    expect(await claims.claim('k1', 'b-0123456789abcdef', later).catch(() => 'rejected')).toBe('rejected');
  });
});

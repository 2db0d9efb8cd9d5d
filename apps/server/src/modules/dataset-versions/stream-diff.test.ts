/**
 * The version diff as two sorted streams (docs/api.md#dataset-versions): added and removed equal the
 * set differences, every record of the new set is counted once, and no flush carries more than the
 * batch, whatever the overlap.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { streamDiff } from './service.ts';

const h = (i: number) => crypto.createHash('sha256').update(String(i)).digest();
const sorted = (ids: number[]) => ids.map(h).sort(Buffer.compare);
async function* iter<T>(xs: T[]): AsyncGenerator<T> {
  yield* xs;
}

describe('streamDiff', () => {
  it.each([
    ['both empty', [], []],
    ['first version', [], [1, 2, 3, 4, 5, 6, 7]],
    ['everything removed', [1, 2, 3, 4, 5], []],
    ['overlapping', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]],
    ['identical', [1, 2, 3, 4], [1, 2, 3, 4]],
    ['disjoint', [1, 2, 3], [4, 5, 6, 7, 8, 9, 10, 11]],
  ])('%s', async (_name, prevIds, nextIds) => {
    const flushes: { added: Buffer[]; removed: Buffer[] }[] = [];
    const counts = await streamDiff(
      iter(sorted(prevIds)),
      iter(sorted(nextIds).map((hash) => ({ hash }))),
      async (added, removed) => void flushes.push({ added: [...added], removed: [...removed] }),
      3,
    );
    const hex = (bs: Buffer[]) => bs.map((b) => b.toString('hex')).sort();
    const added = flushes.flatMap((f) => f.added);
    const removed = flushes.flatMap((f) => f.removed);
    expect(hex(added)).toEqual(hex(nextIds.filter((i) => !prevIds.includes(i)).map(h)));
    expect(hex(removed)).toEqual(hex(prevIds.filter((i) => !nextIds.includes(i)).map(h)));
    expect(counts).toEqual({ records: nextIds.length, added: added.length, removed: removed.length });
    for (const f of flushes) expect(f.added.length + f.removed.length).toBeLessThanOrEqual(3);
  });
});

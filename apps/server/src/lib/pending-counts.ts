/**
 * Counts kept in memory and written in batches (model_usage, key_usage; docs/api.md#usage-and-quotas):
 * the one way a batch is taken, written and, when the write fails, put back.
 */

/**
 * Writes the deltas pending in `pending` with `write`. The map is emptied first, so counts added
 * during the write wait for the next flush. Never throws: when `write` rejects, `onError` is told
 * and every delta goes back under `keyOf(delta)`, its `fields` summed into a delta counted in the
 * meantime (at most the failed batch is retried, nothing is counted twice).
 */
export async function flushPendingCounts<F extends string, T extends Record<F, number>>(
  pending: Map<string, T>,
  opts: {
    fields: readonly F[];
    keyOf: (delta: T) => string;
    write: (deltas: T[]) => Promise<unknown>;
    onError: (err: unknown) => void;
  },
): Promise<void> {
  if (pending.size === 0) return;
  const deltas = [...pending.values()];
  pending.clear();
  try {
    await opts.write(deltas);
  } catch (err) {
    opts.onError(err);
    for (const d of deltas) {
      const k = opts.keyOf(d);
      const cur: Record<F, number> | undefined = pending.get(k);
      if (!cur) pending.set(k, d);
      else for (const f of opts.fields) cur[f] += d[f];
    }
  }
}

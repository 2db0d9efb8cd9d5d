import type { UsageRow } from '@ulca/contracts';

/** The counters of a usage row (usage/mine, usage/all; docs/api.md#usage-and-quotas) that add up over rows. */
export type UsageCounts = Pick<UsageRow, 'calls' | 'failures' | 'charactersIn' | 'audioSecondsIn' | 'audioSecondsOut' | 'images'>;

/** Counters at zero, to add rows to. */
export function zeroUsageCounts(): UsageCounts {
  return { calls: 0, failures: 0, charactersIn: 0, audioSecondsIn: 0, audioSecondsOut: 0, images: 0 };
}

/** Adds the counters of `row` to `into` in place; seconds keep one decimal, as the server rounds them. */
export function addUsageCounts(into: UsageCounts, row: UsageCounts): void {
  into.calls += row.calls;
  into.failures += row.failures;
  into.charactersIn += row.charactersIn;
  into.audioSecondsIn = Math.round((into.audioSecondsIn + row.audioSecondsIn) * 10) / 10;
  into.audioSecondsOut = Math.round((into.audioSecondsOut + row.audioSecondsOut) * 10) / 10;
  into.images += row.images;
}

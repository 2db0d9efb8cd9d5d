import { addUsageCounts, zeroUsageCounts, type UsageCounts } from '../../../lib/usage-counts.ts';

/** The fields of a usage row (usage/all) that the admin's per-key summary reads. */
export interface KeyUsageInput extends UsageCounts {
  keyId: string;
  day: string;
  appName: string | null;
  userId: string | null;
}

/** One key's consumption over the window: totals of its rows and the last UTC day it was used. */
export interface KeyUsageSummary extends UsageCounts {
  keyId: string;
  appName: string | null;
  userId: string | null;
  /** YYYY-MM-DD (UTC). */
  lastDay: string;
}

/**
 * Usage rows (per key, day, model and task) summed per key, most calls first (ties: key id), for the
 * admin's Usage and quotas tab (docs/api.md#usage-and-quotas). Seconds keep one decimal.
 */
export function summariseByKey(rows: readonly KeyUsageInput[]): KeyUsageSummary[] {
  const byKey = new Map<string, KeyUsageSummary>();
  for (const r of rows) {
    let s = byKey.get(r.keyId);
    if (!s) {
      s = { keyId: r.keyId, appName: r.appName, userId: r.userId, ...zeroUsageCounts(), lastDay: r.day };
      byKey.set(r.keyId, s);
    }
    addUsageCounts(s, r);
    if (r.day > s.lastDay) s.lastDay = r.day;
  }
  return [...byKey.values()].sort((a, b) => b.calls - a.calls || a.keyId.localeCompare(b.keyId));
}

/** The fields of a usage row (usage/all) that the admin's per-key summary reads. */
export interface KeyUsageInput {
  keyId: string;
  day: string;
  appName: string | null;
  userId: string | null;
  calls: number;
  failures: number;
  charactersIn: number;
  audioSecondsIn: number;
  audioSecondsOut: number;
  images: number;
}

/** One key's consumption over the window: totals of its rows and the last UTC day it was used. */
export interface KeyUsageSummary {
  keyId: string;
  appName: string | null;
  userId: string | null;
  calls: number;
  failures: number;
  charactersIn: number;
  audioSecondsIn: number;
  audioSecondsOut: number;
  images: number;
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
      s = {
        keyId: r.keyId,
        appName: r.appName,
        userId: r.userId,
        calls: 0,
        failures: 0,
        charactersIn: 0,
        audioSecondsIn: 0,
        audioSecondsOut: 0,
        images: 0,
        lastDay: r.day,
      };
      byKey.set(r.keyId, s);
    }
    s.calls += r.calls;
    s.failures += r.failures;
    s.charactersIn += r.charactersIn;
    s.audioSecondsIn = Math.round((s.audioSecondsIn + r.audioSecondsIn) * 10) / 10;
    s.audioSecondsOut = Math.round((s.audioSecondsOut + r.audioSecondsOut) * 10) / 10;
    s.images += r.images;
    if (r.day > s.lastDay) s.lastDay = r.day;
  }
  return [...byKey.values()].sort((a, b) => b.calls - a.calls || a.keyId.localeCompare(b.keyId));
}

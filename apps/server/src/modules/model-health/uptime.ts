/**
 * Uptime figures from stored health rounds (docs/api.md#inference, model health). Pure.
 */
import type { HealthRound, ModelUptime } from '@ulca/contracts';

const HOUR = 3_600_000;

/** The `q` quantile (0–1) of sorted `values`, nearest rank; null when empty. */
export function quantile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Uptime over 24 h and 7 d (share of available rounds; null without rounds in the window), p50/p95
 * latency of the answered rounds of 7 d, and the latest unavailable round, as of `now` (ms).
 */
export function uptimeOf(rounds: readonly HealthRound[], now = Date.now()): ModelUptime {
  const share = (since: number) => {
    const inWindow = rounds.filter((r) => r.checkedOn > since && r.checkedOn <= now);
    return inWindow.length ? inWindow.filter((r) => r.status === 'available').length / inWindow.length : null;
  };
  const week = rounds.filter((r) => r.checkedOn > now - 168 * HOUR && r.checkedOn <= now);
  const latencies = week
    .filter((r) => r.status === 'available' && r.latencyMs !== null)
    .map((r) => r.latencyMs!)
    .sort((a, b) => a - b);
  const failures = rounds.filter((r) => r.status === 'unavailable' && r.checkedOn <= now).sort((a, b) => b.checkedOn - a.checkedOn);
  return {
    uptime24h: share(now - 24 * HOUR),
    uptime7d: share(now - 168 * HOUR),
    p50LatencyMs: quantile(latencies, 0.5),
    p95LatencyMs: quantile(latencies, 0.95),
    lastFailure: failures[0] ? { checkedOn: failures[0].checkedOn, reason: failures[0].reason } : null,
  };
}

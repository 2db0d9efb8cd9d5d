import { describe, expect, it } from 'vitest';
import { quantile, uptimeOf } from './uptime.ts';

const H = 3_600_000;
const NOW = Date.UTC(2026, 10, 28, 12);
const round = (
  hoursAgo: number,
  up: boolean,
  latencyMs: number | null = up ? 100 : null,
  reason: string | null = up ? null : 'HTTP 500',
) => ({
  checkedOn: NOW - hoursAgo * H,
  status: up ? ('available' as const) : ('unavailable' as const),
  latencyMs,
  reason,
});

describe('uptime from stored rounds (docs/api.md#inference)', () => {
  it('shares of available rounds over 24 h and 7 d, latency percentiles, last failure', () => {
    const rounds = [
      round(1, true, 100),
      round(2, true, 300),
      round(3, false),
      round(10, true, 200),
      round(30, false, null, 'time limit'),
      round(100, true, 1000),
      round(200, false),
    ];
    const u = uptimeOf(rounds, NOW);
    expect(u.uptime24h).toBe(3 / 4);
    expect(u.uptime7d).toBe(4 / 6);
    expect(u.p50LatencyMs).toBe(200);
    expect(u.p95LatencyMs).toBe(1000);
    expect(u.lastFailure).toEqual({ checkedOn: NOW - 3 * H, reason: 'HTTP 500' });
  });

  it('null without rounds', () => {
    expect(uptimeOf([], NOW)).toEqual({ uptime24h: null, uptime7d: null, p50LatencyMs: null, p95LatencyMs: null, lastFailure: null });
    expect(quantile([5], 0.95)).toBe(5);
  });
});

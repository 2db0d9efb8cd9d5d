import type { HealthRound } from '@ulca/contracts';

/** One day of a model's 7-day strip: the share of its health rounds that answered (null: no round that day). */
export interface StripDay {
  day: string;
  share: number | null;
  rounds: number;
}

/** The last 7 UTC days ending `today` (oldest first), each with the share of available rounds. */
export function sevenDayStrip(rounds: readonly HealthRound[], today: string): StripDay[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: 7 }, (_, i) => {
    const start = end - (6 - i) * 86_400_000;
    const inDay = rounds.filter((r) => r.checkedOn >= start && r.checkedOn < start + 86_400_000);
    const up = inDay.filter((r) => r.status === 'available').length;
    return { day: new Date(start).toISOString().slice(0, 10), share: inDay.length ? up / inDay.length : null, rounds: inDay.length };
  });
}

/** The colour of a strip day: green when every round answered, amber from 90 %, red below, grey without rounds. */
export function stripColour(share: number | null): string {
  if (share === null) return '#cfd8dc';
  if (share >= 0.999) return '#2e7d32';
  if (share >= 0.9) return '#f9a825';
  return '#c62828';
}

/** An uptime share as a percentage with one decimal ('—' when unknown). */
export function percent(share: number | null): string {
  return share === null ? '—' : `${(share * 100).toFixed(1)} %`;
}

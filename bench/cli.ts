// Helpers the benches' main() share: reading their arguments, describing the machine and the process they ran on.
import os from 'node:os';

/** The number after `--name` in a bench's arguments, or `dflt` when the flag is absent. */
export function arg(args: string[], name: string, dflt: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
}

/** The 1, 5 and 15 minute load averages ("0.4 0.6 0.7"), printed beside figures so a busy machine shows. */
export function loadAverages(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

/**
 * Samples this process's RSS every 50 ms from now on. The returned stop() ends the sampling and describes it as
 * "<peak> MiB (process RSS before it: <start> MiB)".
 */
export function watchPeakRss(): () => string {
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  return () => {
    clearInterval(sampler);
    return `${(peakRss / 2 ** 20).toFixed(0)} MiB (process RSS before it: ${(baseRss / 2 ** 20).toFixed(0)} MiB)`;
  };
}

/**
 * Metrics benchmark (docs/benchmarks.md#performance-benches): generates N synthetic sentence pairs (default
 * 100,000; `--records N`), times BLEU, chrF and TER over them in sentences/s (target: each ≤ 2 s
 * for 100,000 pairs), the cost of a 1000-sample bootstrap interval for each, and compares with a
 * baseline measured in the same run: a tokenise-only pass (13a tokenisation + whitespace split of
 * every hypothesis and reference with the tokeniser of before the speed work, test/naive/, so that the
 * baseline stays the same work across commits). With `--naive`, also times the
 * string-keyed implementations the fast ones replaced (metrics/test/naive/) on the same pairs and
 * checks their scores are equal. Then scores the same files with `ulca score` and prints its
 * numbers beside ours: they must be equal. Times are CPU seconds of the process (wall-clock
 * beside them): the machines are shared.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getMetric } from '../apps/server/src/modules/benchmarks/scoring/index.ts';
import { bleu as naiveBleu } from '../apps/server/src/modules/benchmarks/scoring/test/naive/bleu.ts';
import { chrf as naiveChrf } from '../apps/server/src/modules/benchmarks/scoring/test/naive/chrf.ts';
import { ter as naiveTer } from '../apps/server/src/modules/benchmarks/scoring/test/naive/ter.ts';
import type { MetricImpl } from '../apps/server/src/modules/benchmarks/scoring/types.ts';
import { bootstrapInterval } from '../apps/server/src/modules/benchmarks/scoring/bootstrap.ts';
import { mulberry32 } from '../apps/server/src/modules/benchmarks/scoring/bootstrap.ts';
import { sumRows } from '../apps/server/src/modules/benchmarks/scoring/text.ts';
// The baseline keeps the tokeniser and split of before the speed work (test/naive/), so its time, and
// the ratios to it, compare across commits.
import { pySplit } from '../apps/server/src/modules/benchmarks/scoring/test/naive/text.ts';
import { tokenize13a } from '../apps/server/src/modules/benchmarks/scoring/test/naive/tokenizers.ts';
import { arg, loadAverages } from './cli.ts';

const WORDS = (
  'the a dog cat man woman saw ran quickly house garden in on of to and is was were will be , . ! ? ' +
  'मैं तुम घर गया आज कल है था किताब पानी बाज़ार सब्ज़ियाँ । நான் வீடு இன்று சென்றேன் আমি স্কুলে যাব'
).split(' ');

/** Seeded synthetic pairs: a reference of 8–30 words and a hypothesis with swaps, substitutions, deletions. */
function generate(n: number, seed: number): { hyps: string[]; refs: string[] } {
  const rand = mulberry32(seed);
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)];
  const hyps: string[] = [];
  const refs: string[] = [];
  for (let i = 0; i < n; i++) {
    const ref = Array.from({ length: 8 + Math.floor(rand() * 23) }, pick);
    const hyp = [...ref];
    for (let k = 0; k < 3; k++) {
      const j = Math.floor(rand() * hyp.length);
      const r = rand();
      if (r < 0.3) hyp[j] = pick();
      else if (r < 0.5 && hyp.length > 2) hyp.splice(j, 1);
      else if (r < 0.8 && j + 1 < hyp.length) [hyp[j], hyp[j + 1]] = [hyp[j + 1], hyp[j]];
    }
    hyps.push(hyp.join(' '));
    refs.push(ref.join(' '));
  }
  return { hyps, refs };
}

/** Runs `fn`; returns its result and the seconds it took: wall-clock, and CPU time of this process (the fairer figure on a shared machine). */
function time<T>(fn: () => T): [T, number, number] {
  const t = process.hrtime.bigint();
  const c = process.cpuUsage();
  const r = fn();
  const cpu = process.cpuUsage(c);
  return [r, Number(process.hrtime.bigint() - t) / 1e9, (cpu.user + cpu.system) / 1e6];
}

const NAIVE: Record<string, MetricImpl> = { bleu: naiveBleu, chrf: naiveChrf, ter: naiveTer };

/** Runs the bench: `--records N` sentence pairs (default 100,000), `--samples S` bootstrap samples (default 1000), `--naive` to time the replaced implementations too. */
export async function main(args: string[]): Promise<void> {
  const n = arg(args, 'records', 100_000);
  const naive = args.includes('--naive');
  const samples = arg(args, 'samples', 1000);
  const { hyps, refs } = generate(n, 42);
  console.log(
    `metrics benchmark: ${n.toLocaleString('en-US')} synthetic sentence pairs, 1 reference, bootstrap ${samples} samples; load average ${loadAverages()}, ${os.cpus().length} CPUs`,
  );

  const [, baselineWall, baseline] = time(() => {
    let tokens = 0;
    for (let i = 0; i < n; i++) tokens += pySplit(tokenize13a(hyps[i])).length + pySplit(tokenize13a(refs[i])).length;
    return tokens;
  });
  console.log(`times are CPU seconds of this process (wall-clock in brackets; the machine is shared)`);
  console.log(
    `baseline (13a tokenise + split only): ${(n / baseline).toFixed(0)} sentences/s (${baseline.toFixed(2)} s [${baselineWall.toFixed(2)} s])`,
  );

  const ours: Record<string, number> = {};
  for (const name of ['bleu', 'chrf', 'ter']) {
    const m = getMetric(name);
    const [stats, wStats, tStats] = time(() => m.impl.rowStats(hyps, [refs], {}));
    const width = m.impl.width({});
    const [score, wAgg, tAgg] = time(() => m.impl.fromTotals(sumRows(stats, width), {}));
    const [iv, wBoot, tBoot] = time(() => bootstrapInterval(stats, width, (t) => m.impl.fromTotals(t, {}), { samples }));
    const secs = tStats + tAgg;
    ours[name] = score;
    console.log(
      `${name.padEnd(5)} ${score.toFixed(4).padStart(8)}  ${secs.toFixed(2)} s [${(wStats + wAgg).toFixed(2)} s] = ${(n / secs).toFixed(0)} sentences/s` +
        ` (${(secs / baseline).toFixed(1)}× the baseline's time)  bootstrap: ${tBoot.toFixed(2)} s [${wBoot.toFixed(2)} s], 95% CI ${iv.low.toFixed(2)}–${iv.high.toFixed(2)}`,
    );
    if (naive) {
      const [old, wOld, tOld] = time(() => NAIVE[name].fromTotals(sumRows(NAIVE[name].rowStats(hyps, [refs], {}), width), {}));
      console.log(
        `  replaced ${name.padEnd(5)} ${old.toFixed(4).padStart(8)}  ${tOld.toFixed(2)} s [${wOld.toFixed(2)} s] = ${(n / tOld).toFixed(0)} sentences/s` +
          ` (${(tOld / baseline).toFixed(1)}× the baseline's time; ${old === score ? 'equal' : 'DIFFERENT'}; the fast one takes ${((100 * secs) / tOld).toFixed(0)}% of its CPU time)`,
      );
    }
  }
  console.log(`load average after: ${loadAverages()}`);

  // The same scores from the CLI on the same data written to files.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-metrics-'));
  try {
    fs.writeFileSync(path.join(dir, 'hyps.txt'), hyps.join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'refs.txt'), refs.join('\n') + '\n');
    const repo = path.resolve(import.meta.dirname, '..');
    for (const name of Object.keys(ours)) {
      const [out, t] = time(() =>
        execFileSync(
          process.execPath,
          [
            path.join(repo, 'node_modules/tsx/dist/cli.mjs'),
            path.join(repo, 'apps/server/src/cli/ulca.ts'),
            'score',
            '--metric',
            name,
            '--refs',
            path.join(dir, 'refs.txt'),
            '--hyps',
            path.join(dir, 'hyps.txt'),
            '--json',
          ],
          { encoding: 'utf8' },
        ),
      );
      const cli = JSON.parse(out.trim().split('\n').at(-1)!) as { score: number; signature: string };
      console.log(
        `cli ${name.padEnd(5)} ${cli.score.toFixed(4).padStart(8)}  (${cli.score === ours[name] ? 'equal' : 'DIFFERENT'}; ${t.toFixed(1)} s including start-up)  ${cli.signature}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

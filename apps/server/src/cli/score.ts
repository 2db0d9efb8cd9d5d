/**
 * `npm run ulca -- score --metric <name> --refs refs.txt [--refs refs2.txt …] --hyps hyps.txt
 * [--tokenize 13a|none|intl|char] [--smooth exp|floor|add-k|none] [--lowercase] [--lang hi]
 * [--bootstrap [N]] [--seed S] [--json]`: scores a system output with the same metric code as
 * benchmark runs (docs/benchmarks.md#benchmark-runs-and-leaderboards).
 *
 * Files hold one sentence per line (UTF-8; a final newline and Windows line ends are fine); every
 * file must have as many lines as the hypotheses. For top1/top5 a hypothesis line holds the
 * row's candidates, best first, separated by tabs. Prints the score (0–100, see the metric
 * registry) and its signature; with --json the last line is
 * `{"metric","score","signature","direction","nrefs","rows"[,"interval"]}`. Bad input (unknown
 * metric, tokeniser or option, missing file, line counts that differ) prints a clear message and
 * exits with code 2 (with --json the last line is then `{"error": message}`).
 */
import fsp from 'node:fs/promises';
import { METRIC_NAMES, scoreMetric, type MetricOptions, type MetricScore } from '../modules/benchmarks/scoring/index.ts';

/** Usage text of the score command. */
export const SCORE_USAGE =
  'Usage: npm run ulca -- score --metric <' +
  [...METRIC_NAMES, 'meteor'].join('|') +
  '> --refs refs.txt [--refs refs2.txt ...] --hyps hyps.txt [--tokenize 13a|none|intl|char] [--smooth exp|floor|add-k|none] [--lowercase] [--lang <code>] [--bootstrap [N]] [--seed S] [--json]';

/** A usage or input error: reported with its message and exit code 2. */
export class ScoreInputError extends Error {}

interface ScoreArgs {
  metric: string;
  refs: string[];
  hyps: string;
  json: boolean;
  options: MetricOptions;
  bootstrap?: { samples: number; seed?: number };
}

/** Parses the score command's arguments; throws ScoreInputError on anything unexpected. */
export function parseScoreArgs(argv: readonly string[]): ScoreArgs {
  const refs: string[] = [];
  let metric: string | undefined;
  let hyps: string | undefined;
  let json = false;
  let samples: number | undefined;
  let seed: number | undefined;
  const options: MetricOptions = {};
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new ScoreInputError(`${flag} needs a value.`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case '--metric':
        metric = value(i++, a);
        break;
      case '--refs':
        refs.push(value(i++, a));
        break;
      case '--hyps':
        hyps = value(i++, a);
        break;
      case '--tokenize':
        options.tokenize = value(i++, a);
        break;
      case '--smooth':
        options.smooth = value(i++, a);
        break;
      case '--lang':
        options.lang = value(i++, a);
        break;
      case '--lowercase':
        options.lowercase = true;
        break;
      case '--json':
        json = true;
        break;
      case '--bootstrap': {
        const next = argv[i + 1];
        samples = next !== undefined && /^\d+$/.test(next) ? Number(argv[++i]) : 1000;
        if (samples < 1) throw new ScoreInputError('--bootstrap needs a positive number of samples.');
        break;
      }
      case '--seed': {
        const v = value(i++, a);
        if (!/^\d+$/.test(v)) throw new ScoreInputError('--seed needs a non-negative integer.');
        seed = Number(v);
        break;
      }
      default:
        throw new ScoreInputError(`Unknown argument "${a}".`);
    }
  }
  if (!metric) throw new ScoreInputError('--metric is required.');
  if (!hyps) throw new ScoreInputError('--hyps is required.');
  if (refs.length === 0) throw new ScoreInputError('--refs is required (repeat it for several references).');
  return { metric, refs, hyps, json, options, bootstrap: samples ? { samples, seed } : undefined };
}

/** The lines of a text file (one sentence each): a final newline does not make an extra line; CR before LF is dropped. */
export async function readLines(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ScoreInputError(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? String(err)}).`);
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** Reads the files and scores them; throws ScoreInputError for bad input. */
export async function runScore(args: ScoreArgs): Promise<MetricScore> {
  const hyps = await readLines(args.hyps);
  const refs: string[][] = [];
  for (const file of args.refs) {
    const lines = await readLines(file);
    if (lines.length !== hyps.length)
      throw new ScoreInputError(
        `${file} has ${lines.length} lines but ${args.hyps} has ${hyps.length}: every file needs one line per sentence.`,
      );
    refs.push(lines);
  }
  try {
    return scoreMetric(args.metric, hyps, refs, args.options, args.bootstrap);
  } catch (err) {
    if (err instanceof RangeError) throw new ScoreInputError(err.message);
    throw err;
  }
}

/** Runs `score` with `argv` (after the command word); returns the exit code (0, or 2 for bad input). */
export async function scoreCommand(argv: readonly string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    const args = parseScoreArgs(argv);
    const r = await runScore(args);
    const ci = r.interval
      ? `  (${Math.round(r.interval.confidence * 100)}% CI ${r.interval.low.toFixed(2)}–${r.interval.high.toFixed(2)}, ${r.interval.samples} bootstrap samples, seed ${r.interval.seed})`
      : '';
    console.log(`${r.metric} = ${r.score.toFixed(2)}${ci}  [${r.direction} is better, ${r.rows} rows]`);
    console.log(`signature: ${r.signature}`);
    if (json) console.log(JSON.stringify(r));
    return 0;
  } catch (err) {
    if (!(err instanceof ScoreInputError)) throw err;
    console.error(`ulca score: ${err.message}`);
    console.error(SCORE_USAGE);
    if (json) console.log(JSON.stringify({ error: err.message }));
    return 2;
  }
}

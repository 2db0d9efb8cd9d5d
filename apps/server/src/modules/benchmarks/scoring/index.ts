/**
 * The metric registry (docs/benchmarks.md#metrics): every benchmark metric with its
 * direction, scale, reference implementation and signature, one `scoreMetric` entry point used
 * by benchmark runs, re-scores and the `ulca score` CLI alike, the coverage rule for failed rows
 * and the bootstrap interval.
 *
 * Scale: every score is on 0–100 (sacrebleu's scale). BLEU, chrF, chrF++ and TER are sacrebleu's
 * numbers as they are; WER and CER are jiwer's fractions × 100 (WER 0.5 → 50); GLEU, RIBES and
 * METEOR are NLTK's fractions × 100; top-k accuracy is the percentage of rows. TER, WER and CER
 * can exceed 100.
 *
 * Signature: sacrebleu's own signature for the metrics it has (so `nrefs:…|version:2.6.0` reads
 * exactly as sacrebleu prints it), the same style for the others, then
 * `|metric:<name>|ulca:<revision>`. `version` names the reference whose numbers ours equal
 * (sacrebleu 2.6.0, jiwer 4.0.0, NLTK 3.10.3); `ulca` is the revision of our implementation, bumped
 * whenever a score could change.
 */
import { bleu } from './bleu.ts';
import { cer } from './cer.ts';
import { chrf, chrfpp } from './chrf.ts';
import { gleu } from './gleu.ts';
import { bleuIndic } from './indic.ts';
import { meteor } from './meteor.ts';
import { ribes } from './ribes.ts';
import { ter } from './ter.ts';
import { accuracy, top1, top5 } from './accuracy.ts';
import { nerF1 } from './ner.ts';
import { wer } from './wer.ts';
import { bootstrapInterval, type BootstrapOptions, type Interval } from './bootstrap.ts';
import { sumRows } from './text.ts';
import type { MetricImpl, MetricOptions } from './types.ts';

export type { MetricOptions } from './types.ts';
export type { Interval, BootstrapOptions } from './bootstrap.ts';

/** Revision of our metric implementations, the `ulca:` field of every signature. */
export const ULCA_METRICS_REVISION = 1;

/** Names of the metrics that compute a score. */
export const METRIC_NAMES = [
  'bleu',
  'bleu-indic',
  'chrf',
  'chrf++',
  'ter',
  'wer',
  'cer',
  'gleu',
  'ribes',
  'meteor-exact',
  'top1',
  'top5',
  'ner-f1',
  'accuracy',
] as const;
/** One of {@link METRIC_NAMES}. */
export type MetricName = (typeof METRIC_NAMES)[number];

/** Other spellings accepted for a metric (the CLI's `meteor`, ULCA's glossary names). */
export const METRIC_ALIASES: Record<string, MetricName | 'bertscore'> = {
  meteor: 'meteor-exact',
  'top-1': 'top1',
  'top-5': 'top5',
  'top-1 accuracy': 'top1',
  'top-5 accuracy': 'top5',
  bert: 'bertscore',
  'ner f1': 'ner-f1',
  'entity f1': 'ner-f1',
};

/** A metric we compute. */
export interface AvailableMetric {
  name: MetricName;
  label: string;
  available: true;
  /** 'higher' when a larger score is better (BLEU), 'lower' otherwise (WER, CER, TER). */
  direction: 'higher' | 'lower';
  /** Scores lie in [min, max]; max null when unbounded above (edit rates can exceed 100). */
  scale: { min: 0; max: 100 | null };
  /** The implementation whose numbers ours equal (to 1e-6). */
  reference: string;
  description: string;
  impl: MetricImpl;
}

/** A metric in the list that cannot be computed here, with the reason; it never yields a number. */
export interface UnavailableMetric {
  name: string;
  label: string;
  available: false;
  reason: string;
}

/** Any registry entry. */
export type MetricDefinition = AvailableMetric | UnavailableMetric;

const def = (
  name: MetricName,
  label: string,
  direction: 'higher' | 'lower',
  reference: string,
  description: string,
  impl: MetricImpl,
  unbounded = false,
): AvailableMetric => ({
  name,
  label,
  available: true,
  direction,
  scale: { min: 0, max: unbounded ? null : 100 },
  reference,
  description,
  impl,
});

/** The registry, in display order. */
export const METRICS: readonly MetricDefinition[] = [
  def(
    'bleu',
    'BLEU',
    'higher',
    'sacrebleu 2.6.0',
    'Corpus BLEU: clipped n-gram precision (1–4) with brevity penalty; tokenisers 13a, none, intl, char; 1+ references.',
    bleu,
  ),
  def(
    'bleu-indic',
    'BLEU (IndicNLP)',
    'higher',
    'sacrebleu 2.6.0 on IndicNLP-style text',
    "The original ULCA's recipe for Indian-language targets: IndicNLP normalisation and trivial tokenisation, then BLEU with tokenize=none.",
    bleuIndic,
  ),
  def('chrf', 'chrF', 'higher', 'sacrebleu 2.6.0', 'Character n-gram F-score (orders 1–6, β = 2).', chrf),
  def('chrf++', 'chrF++', 'higher', 'sacrebleu 2.6.0', 'chrF plus word uni- and bigrams.', chrfpp),
  def('ter', 'TER', 'lower', 'sacrebleu 2.6.0', 'Translation edit rate: word edits including block shifts per reference word.', ter, true),
  def('wer', 'WER', 'lower', 'jiwer 4.0.0', 'Word error rate: word substitutions, deletions and insertions per reference word.', wer, true),
  def('cer', 'CER', 'lower', 'jiwer 4.0.0', 'Character error rate: character edits per reference character.', cer, true),
  def(
    'gleu',
    'GLEU',
    'higher',
    'NLTK 3.10.3 corpus_gleu',
    'Google-BLEU: n-gram (1–4) matches over max(hypothesis, reference) n-grams.',
    gleu,
  ),
  def(
    'ribes',
    'RIBES',
    'higher',
    'NLTK 3.10.3 corpus_ribes',
    'Rank-based word-order score (Kendall τ) with unigram precision and brevity penalty.',
    ribes,
  ),
  def(
    'meteor-exact',
    'METEOR (exact match)',
    'higher',
    'NLTK 3.10.3 meteor_score without stem or WordNet matches',
    'METEOR with exact word matches only: no stems, synonyms or paraphrases.',
    meteor,
  ),
  def('top1', 'Top-1 accuracy', 'higher', 'definition (no library)', 'Rows whose first candidate equals a reference.', top1),
  def('top5', 'Top-5 accuracy', 'higher', 'definition (no library)', 'Rows with a reference among their first five candidates.', top5),
  def(
    'ner-f1',
    'Entity F1 (NER)',
    'higher',
    'seqeval 1.2.2 f1_score (default mode)',
    'Named entities found with their exact span and type, micro-averaged F1 over all rows; one line of tags per row.',
    nerF1,
  ),
  def(
    'accuracy',
    'Accuracy',
    'higher',
    'definition (no library)',
    'Language detection: rows whose language code equals the reference.',
    accuracy,
  ),
  {
    name: 'bertscore',
    label: 'BERTScore',
    available: false,
    reason:
      'BERTScore needs a pretrained multilingual BERT model; none is installed on these machines and none may be downloaded at run time, so no score is computed.',
  },
];

/** The registry entry for `name` (aliases accepted), or undefined. */
export function findMetric(name: string): MetricDefinition | undefined {
  const key = name.toLowerCase();
  const canonical = METRIC_ALIASES[key] ?? key;
  return METRICS.find((m) => m.name === canonical);
}

/** The computable metric `name`; throws RangeError when unknown or unavailable (with the reason). */
export function getMetric(name: string): AvailableMetric {
  const m = findMetric(name);
  if (!m) throw new RangeError(`Unknown metric "${name}" (expected one of ${[...METRIC_NAMES, 'meteor'].join(', ')}).`);
  if (!m.available) throw new RangeError(`${m.label} is unavailable: ${m.reason}`);
  return m;
}

/** Rows scored against rows submitted. Failed rows are counted, never dropped. */
export interface Coverage {
  rows: number;
  scored: number;
  failed: number;
  /** scored / rows (1 when there are no rows). */
  ratio: number;
}

/**
 * Turns model outputs, where null/undefined marks a row whose model call failed, into
 * hypotheses and a coverage. A failed row is scored as the empty hypothesis: it keeps its
 * reference in the corpus (BLEU's brevity penalty, all reference words deleted for WER, wrong
 * for top-k), so a model cannot raise its score by failing on hard rows.
 */
export function applyFailures(outputs: readonly (string | null | undefined)[]): { hyps: string[]; coverage: Coverage } {
  let failed = 0;
  const hyps = outputs.map((o) => {
    if (o === null || o === undefined) {
      failed++;
      return '';
    }
    return o;
  });
  const rows = outputs.length;
  return { hyps, coverage: { rows, scored: rows - failed, failed, ratio: rows === 0 ? 1 : (rows - failed) / rows } };
}

/** A computed score with everything needed to reproduce it. */
export interface MetricScore {
  metric: MetricName;
  /** On the metric's scale (0–100, see module comment). */
  score: number;
  signature: string;
  direction: 'higher' | 'lower';
  nrefs: number;
  rows: number;
  /** The bootstrap interval, when asked for. */
  interval?: Interval;
}

/** The full signature of `metric` with `options` and `nrefs` reference streams. */
export function signatureOf(metric: AvailableMetric, options: MetricOptions, nrefs: number): string {
  return `${metric.impl.signature(options, nrefs)}|metric:${metric.name}|ulca:${ULCA_METRICS_REVISION}`;
}

/**
 * Scores `hyps` (one output per row) against reference streams `refs` (`refs[k][i]` = k-th
 * reference of row i) with metric `name`. With `bootstrap`, also the seeded 95% interval.
 * Throws RangeError for an unknown/unavailable metric, bad options, or mismatched row counts.
 */
export function scoreMetric(
  name: string,
  hyps: readonly string[],
  refs: readonly (readonly string[])[],
  options: MetricOptions = {},
  bootstrap?: BootstrapOptions | false,
): MetricScore {
  const metric = getMetric(name);
  const stats = metric.impl.rowStats(hyps, refs, options);
  const width = metric.impl.width(options);
  const fromTotals = (t: readonly number[]) => metric.impl.fromTotals(t, options);
  const result: MetricScore = {
    metric: metric.name,
    score: fromTotals(sumRows(stats, width)),
    signature: signatureOf(metric, options, refs.length),
    direction: metric.direction,
    nrefs: refs.length,
    rows: hyps.length,
  };
  if (bootstrap && hyps.length > 0) result.interval = bootstrapInterval(stats, width, fromTotals, bootstrap);
  return result;
}

/** Sorts leaderboard entries best first in the metric's direction (stable for equal scores). */
export function rankByMetric<T extends { score: number }>(name: string, entries: readonly T[]): T[] {
  const { direction } = getMetric(name);
  return [...entries].sort((a, b) => (direction === 'higher' ? b.score - a.score : a.score - b.score));
}

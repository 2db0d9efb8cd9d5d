import { i18n } from './i18n/i18n.ts';

/**
 * The metric glossary (docs/product.md#entities-and-fields "Metric glossary"): our own one-line description of
 * every metric a benchmark can be scored with, its direction and its display label. Names are the
 * server's registry names (bleu, chrf, top1, meteor-exact, …); the original ULCA's spellings
 * (top-1 accuracy, meteor, bert) resolve to the same entries.
 */

/** One glossary entry. `direction` 'lower' = a lower score ranks first (error rates). */
export interface MetricDefinition {
  name: string;
  label: string;
  direction: 'higher' | 'lower';
  description: string;
  /** False when this platform cannot compute it (the text says why). */
  available: boolean;
}

/** Every metric, in the order the glossary lists them. */
export const METRIC_GLOSSARY: readonly MetricDefinition[] = [
  {
    name: 'bleu',
    label: 'BLEU',
    direction: 'higher',
    available: true,
    description:
      'How many word sequences (1 to 4 words) of the output also appear in the reference, with a penalty for outputs that are too short.',
  },
  {
    name: 'bleu-indic',
    label: 'BLEU (IndicNLP)',
    direction: 'higher',
    available: true,
    description:
      'BLEU computed after Indian-language normalisation of the text, as the original ULCA scored translations into Indian languages.',
  },
  {
    name: 'chrf',
    label: 'chrF',
    direction: 'higher',
    available: true,
    description: 'Overlap of character sequences between output and reference: kind to languages with rich word forms.',
  },
  {
    name: 'chrf++',
    label: 'chrF++',
    direction: 'higher',
    available: true,
    description: 'chrF that also counts matching single words and word pairs.',
  },
  {
    name: 'ter',
    label: 'TER',
    direction: 'lower',
    available: true,
    description:
      'Translation edit rate: the edits (including moving blocks of words) needed to turn the output into the reference, per reference word.',
  },
  {
    name: 'gleu',
    label: 'GLEU',
    direction: 'higher',
    available: true,
    description: "Google's sentence-friendly BLEU: matching word sequences over the larger of output and reference.",
  },
  {
    name: 'ribes',
    label: 'RIBES',
    direction: 'higher',
    available: true,
    description: 'Rewards outputs that keep the words of the reference in the same order; suited to distant language pairs.',
  },
  {
    name: 'meteor-exact',
    label: 'METEOR (exact match)',
    direction: 'higher',
    available: true,
    description: 'Aligns output and reference word by word (exact matches only here), balancing precision, recall and word order.',
  },
  {
    name: 'bertscore',
    label: 'BERTScore',
    direction: 'higher',
    available: false,
    description: 'Not available on this platform: needs a model these machines do not have.',
  },
  {
    name: 'wer',
    label: 'WER',
    direction: 'lower',
    available: true,
    description: 'Word error rate: words substituted, deleted or inserted, per reference word.',
  },
  {
    name: 'cer',
    label: 'CER',
    direction: 'lower',
    available: true,
    description: 'Character error rate: characters substituted, deleted or inserted, per reference character.',
  },
  {
    name: 'top1',
    label: 'Top-1 accuracy',
    direction: 'higher',
    available: true,
    description: 'Share of rows whose first answer is a correct one.',
  },
  {
    name: 'top5',
    label: 'Top-5 accuracy',
    direction: 'higher',
    available: true,
    description: 'Share of rows with a correct answer among the first five.',
  },
  {
    name: 'ner-f1',
    label: 'Entity F1 (NER)',
    direction: 'higher',
    available: true,
    description:
      'Named entities found with exactly the right words and type, balanced between entities missed and entities wrongly found (F1 over all rows).',
  },
  {
    name: 'accuracy',
    label: 'Accuracy',
    direction: 'higher',
    available: true,
    description: 'Language detection: share of rows whose most likely language, as the model ranks it, is the right one.',
  },
];

const ALIASES: Readonly<Record<string, string>> = {
  'top-1': 'top1',
  'top-1 accuracy': 'top1',
  'top-5': 'top5',
  'top-5 accuracy': 'top5',
  meteor: 'meteor-exact',
  bert: 'bertscore',
  'bert score': 'bertscore',
  'ner f1': 'ner-f1',
  'entity f1': 'ner-f1',
};

/** The glossary entry of a metric name (any case, original spellings accepted), or undefined. */
export function findMetric(name: string | null | undefined): MetricDefinition | undefined {
  if (!name) return undefined;
  const key = name.trim().toLowerCase();
  const canonical = ALIASES[key] ?? key;
  return METRIC_GLOSSARY.find((m) => m.name === canonical);
}

/**
 * The label of a metric ('wer' → 'WER'); an unknown name upper-cased. Acronyms stay Latin in every
 * language; worded labels (Top-1 accuracy) come from the catalogue's `benchmarks.metricLabel`
 * (docs/product.md#languages-of-the-interface).
 */
export function metricLabel(name: string): string {
  const def = findMetric(name);
  if (!def) return name.toUpperCase();
  return i18n.t(`benchmarks.metricLabel.${def.name}`, { defaultValue: def.label });
}

/** A metric's one-line description in the interface language (catalogue `benchmarks.metric.<name>`), or undefined when unknown. */
export function metricDescription(name: string): string | undefined {
  const def = findMetric(name);
  return def && i18n.t(`benchmarks.metric.${def.name}`, { defaultValue: def.description });
}

/** True when a lower score ranks first (WER, CER, TER); unknown metrics rank higher-first. */
export function lowerIsBetter(name: string): boolean {
  return findMetric(name)?.direction === 'lower';
}

/** The direction as a short phrase for a tab or a tooltip, in the interface language: 'lower is better' / 'higher is better'. */
export function directionText(name: string): string {
  return i18n.t(lowerIsBetter(name) ? 'benchmarks.direction.lower' : 'benchmarks.direction.higher');
}

/** The id of a metric's glossary entry, for links (`#metric-wer`). */
export function metricAnchor(name: string): string {
  return `metric-${(findMetric(name)?.name ?? name.toLowerCase()).replace(/[^a-z0-9]+/g, '-')}`;
}

/** Path of the metric definitions section (on the benchmark datasets page), optionally at one metric. */
export function metricGlossaryPath(name?: string): string {
  return `/model/benchmark-datasets${name ? `#${metricAnchor(name)}` : '#metric-definitions'}`;
}

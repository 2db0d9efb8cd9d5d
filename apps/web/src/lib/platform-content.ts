import type { Benchmark, ModelRecord } from '@ulca/contracts';
import type { TFunction } from './i18n/i18n.ts';

/*
 * The platform's own texts that the server sends in English (docs/product.md#languages-of-the-interface):
 * the bundled reference models' cards and the bundled benchmarks' names and descriptions. The
 * server marks them with a stable `contentKey`; their text in the interface language is in the
 * catalogue part platformContent under that key. Anything without a key (a contributor's model
 * or benchmark), or a key the catalogue does not know (a newer server), keeps the server's words.
 */

type EngineCard = NonNullable<ModelRecord['engineCard']>;

/** The catalogue's text of `key`, else `english` (the server's words). */
function orServer(t: TFunction, key: string | undefined, english: string): string {
  return key ? t(key, { defaultValue: english }) : english;
}

const modelKey = (card: EngineCard | null, field: string) =>
  card?.contentKey ? `platformContent.referenceModel.${card.contentKey}.${field}` : undefined;

/**
 * A reference model's engine line (the packages it runs on) in the interface language; a line of
 * package names and versions alone has no catalogue entry and reads as sent.
 */
export function engineLine(t: TFunction, card: EngineCard): string {
  return orServer(t, modelKey(card, 'engine'), card.engine);
}

/** A reference model's limits in the interface language, one sentence each, in the server's order. */
export function engineLimits(t: TFunction, card: EngineCard): string[] {
  return card.limits.map((limit, i) => orServer(t, modelKey(card, `limits.${i}`), limit));
}

/**
 * A model's description as the page shows it: a reference model's card description in the
 * interface language, else `english` (the stored description, already trimmed for display).
 */
export function modelDescription(t: TFunction, model: Pick<ModelRecord, 'engineCard'>, english: string): string {
  return orServer(t, modelKey(model.engineCard, 'description'), english);
}

/**
 * A model's training-data text: for a reference model the platform's sentence for its kind of
 * engine (naming its upstream project and engine line) in the interface language, else the
 * descriptor's own text.
 */
export function trainingDataText(t: TFunction, model: Pick<ModelRecord, 'engineCard' | 'refUrl' | 'trainingDataset'>): string {
  const card = model.engineCard;
  const english = model.trainingDataset.description;
  if (!card?.contentKey) return english;
  return t(`platformContent.trainingData.${card.kind}`, { refUrl: model.refUrl ?? '', engine: engineLine(t, card), defaultValue: english });
}

/** A benchmark's name in the interface language when it is one the platform bundles, else its own. */
export function benchmarkName(t: TFunction, b: Pick<Benchmark, 'contentKey' | 'name'>): string {
  return orServer(t, b.contentKey && `platformContent.benchmark.${b.contentKey}.name`, b.name);
}

/** A benchmark's description like {@link benchmarkName}; null stays null (no description). */
export function benchmarkDescription(t: TFunction, b: Pick<Benchmark, 'contentKey' | 'description'>): string | null {
  if (b.description === null) return null;
  return orServer(t, b.contentKey && `platformContent.benchmark.${b.contentKey}.description`, b.description);
}

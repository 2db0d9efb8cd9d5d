import { languageLabel, type ModelRecord } from '@ulca/contracts';
import { formatMonthDayYear } from '../../../lib/dates.ts';
import { modelTaskLabel as taskLabel } from '../../../lib/model-tasks.ts';

/** Description cards cut their text at this many characters; the full text is in a tooltip (docs/product.md#constants-and-limits). */
export const CARD_TEXT_LIMIT = 30;

/** One description card: a title, its text, and a link for the Source URL card. */
export interface ModelCard {
  title: string;
  value: string;
  href?: string;
}

/** `text` cut to `limit` characters with '...' (characters, not UTF-16 units); unchanged when short. */
export function cutText(text: string, limit: number = CARD_TEXT_LIMIT): string {
  const chars = [...text];
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : text;
}

/** Languages as 'Hindi - English' per pair, joined by ', ' (docs/product.md#explore-models explore: source - target). */
export function languagesText(model: ModelRecord): string {
  if (model.languages.length === 0) return 'Multiple';
  return model.languages
    .map((l) =>
      l.targetLanguage ? `${languageLabel(l.sourceLanguage)} - ${languageLabel(l.targetLanguage)}` : languageLabel(l.sourceLanguage),
    )
    .join(', ');
}

/** An epoch-millisecond time as MM/DD/YYYY (docs/product.md#screens description cards), '-' when missing. */
export function cardDate(ms: number | null | undefined): string {
  return formatMonthDayYear(ms == null ? null : new Date(ms).toISOString());
}

/**
 * The description cards of a model (the original client's list: Task, Languages, Domain,
 * Submitter, Published On, Source URL, Type, Training Dataset, plus Version and License). Cards
 * without a value are left out.
 */
export function modelCards(model: ModelRecord): ModelCard[] {
  const schema = model.inferenceEndPoint.schema as { modelProcessingType?: { type?: unknown } } | null;
  const type = typeof schema?.modelProcessingType?.type === 'string' ? schema.modelProcessingType.type : '';
  const cards: ModelCard[] = [
    { title: 'Task', value: taskLabel(model.task.type) },
    { title: 'Languages', value: languagesText(model) },
    { title: 'Version', value: model.version },
    { title: 'Domain', value: model.domain.join(', ') },
    { title: 'Submitter', value: model.submitter.name },
    { title: 'Published On', value: model.publishedOn ? cardDate(model.publishedOn) : '' },
    { title: 'License', value: model.license.toUpperCase() },
    // Only an http(s) link is clickable: a model stored before refUrl was checked may hold javascript:.
    { title: 'Source URL', value: model.refUrl ?? '', href: model.refUrl && /^https?:\/\//i.test(model.refUrl) ? model.refUrl : undefined },
    { title: 'Type', value: type },
    { title: 'Training Dataset', value: model.trainingDataset.description },
  ];
  return cards.filter((c) => c.value.trim() !== '' && c.value !== 'NA');
}

/**
 * The Description shown on the model page. A reference model's stored description ends with its
 * card's limits (" Limits: <first> …", for clients that show only the description); the page shows
 * those limits on the engine card just above, so that tail is left out here. Any other description
 * is shown as it is.
 */
export function descriptionText(model: Pick<ModelRecord, 'description' | 'isReferenceModel' | 'engineCard'>): string {
  const first = model.isReferenceModel ? model.engineCard?.limits[0] : undefined;
  if (!first) return model.description;
  const at = model.description.indexOf(` Limits: ${first.trim()}`);
  return at > 0 ? model.description.slice(0, at) : model.description;
}

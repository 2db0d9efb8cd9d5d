import { languageLabel, type ModelRecord } from '@ulca/contracts';
import { formatMonthDayYear } from '../../../lib/dates.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { domainNames, localizedLanguageName } from '../../../lib/i18n/names.ts';
import { modelTaskLabel } from '../../../lib/model-tasks.ts';
import { modelDescription, trainingDataText } from '../../../lib/platform-content.ts';

/** Description cards cut their text at this many characters; the full text is in a tooltip (docs/product.md#constants-and-limits). */
export const CARD_TEXT_LIMIT = 30;

/** One description card: a title (interface language), its text, and a link for the Source URL card. */
export interface ModelCard {
  /** Stable id of the card (`modelDetail.card.<key>` holds its title). */
  key: string;
  title: string;
  value: string;
  href?: string;
}

/** `text` cut to `limit` characters with '...' (characters, not UTF-16 units); unchanged when short. */
export function cutText(text: string, limit: number = CARD_TEXT_LIMIT): string {
  const chars = [...text];
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : text;
}

const languageName = (code: string) => localizedLanguageName(code, languageLabel(code));

/**
 * Languages as 'Hindi - English' per pair, joined by ', ' (docs/product.md#explore-models explore:
 * source - target), in the interface language. A model that lists none works with any language
 * (gender detection by pitch): 'Any language', as Explore says.
 */
export function languagesText(model: Pick<ModelRecord, 'languages'>): string {
  if (model.languages.length === 0) return i18n.t('models.lang.any');
  return model.languages
    .map((l) =>
      l.targetLanguage ? `${languageName(l.sourceLanguage)} - ${languageName(l.targetLanguage)}` : languageName(l.sourceLanguage),
    )
    .join(', ');
}

/** An epoch-millisecond time as MM/DD/YYYY (docs/product.md#screens description cards), '-' when missing. */
export function cardDate(ms: number | null | undefined): string {
  return formatMonthDayYear(ms == null ? null : new Date(ms).toISOString());
}

/**
 * The description cards of a model (the original client's list: Task, Languages, Domain,
 * Submitter, Published On, Source URL, Type, Training Dataset, plus Version and License), titles in
 * the interface language. Cards without a value are left out; Published On only while the model
 * is published (an unpublished model keeps the day of its last publication, which is no longer
 * true). `uptime7d`, when given, adds the 7-day uptime card
 * (docs/product.md#models-health).
 */
export function modelCards(model: ModelRecord, uptime7d?: string): ModelCard[] {
  const schema = model.inferenceEndPoint.schema as { modelProcessingType?: { type?: unknown } } | null;
  const type = typeof schema?.modelProcessingType?.type === 'string' ? schema.modelProcessingType.type : '';
  const published = model.status === 'published' && model.publishedOn;
  const task = i18n.t(`models.task.${model.task.type}`, { defaultValue: modelTaskLabel(model.task.type) });
  const cards: Omit<ModelCard, 'title'>[] = [
    { key: 'task', value: task },
    { key: 'languages', value: languagesText(model) },
    { key: 'version', value: model.version },
    { key: 'domain', value: domainNames(model.domain) },
    { key: 'submitter', value: model.submitter.name },
    { key: 'publishedOn', value: published ? cardDate(model.publishedOn) : '' },
    { key: 'license', value: model.license.toUpperCase() },
    // Only an http(s) link is clickable: a model stored before refUrl was checked may hold javascript:.
    { key: 'sourceUrl', value: model.refUrl ?? '', href: model.refUrl && /^https?:\/\//i.test(model.refUrl) ? model.refUrl : undefined },
    { key: 'type', value: type },
    { key: 'trainingDataset', value: trainingDataText(i18n.t, model) },
    { key: 'uptime7d', value: uptime7d ?? '' },
  ];
  return cards.filter((c) => c.value.trim() !== '' && c.value !== 'NA').map((c) => ({ ...c, title: i18n.t(`modelDetail.card.${c.key}`) }));
}

/**
 * The Description shown on the model page. A reference model's stored description ends with its
 * card's limits (" Limits: <first> …", for clients that show only the description); the page shows
 * those limits on the engine card just above, so that tail is left out here, and the card's
 * description is shown in the interface language (lib/platform-content.ts). Any other description
 * is shown as it is.
 */
export function descriptionText(model: Pick<ModelRecord, 'description' | 'isReferenceModel' | 'engineCard'>): string {
  const first = model.isReferenceModel ? model.engineCard?.limits[0] : undefined;
  if (!first) return model.description;
  const at = model.description.indexOf(` Limits: ${first.trim()}`);
  return modelDescription(i18n.t, model, at > 0 ? model.description.slice(0, at) : model.description);
}

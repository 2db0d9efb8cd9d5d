import type { InferenceTask, ModelRecord } from '@ulca/contracts';
import { languageName, type LanguagePairLike } from './format.ts';

/** Rows per page of the wide-screen results table (docs/product.md#states-and-transitions default 10). */
export const RESULT_PAGE_SIZE = 10;

/** The message under a required language that is missing (docs/product.md#validation-rules). */
export const MANDATORY_MESSAGE = 'This field is mandatory';

/** What a model of the explore lists must carry for the filter rules. */
export type ExploreModel = Pick<ModelRecord, 'modelId' | 'languages' | 'publishedOn' | 'submittedOn'>;

/** The filter panel's language choices; '' = not chosen. */
export interface ExploreFilter {
  source: string;
  target: string;
}
export const EMPTY_FILTER: ExploreFilter = { source: '', target: '' };

/** A choice of a language select: the code and its name. */
export interface LanguageOption {
  value: string;
  label: string;
}

function options(codes: Iterable<string>): LanguageOption[] {
  return [...new Set(codes)]
    .filter(Boolean)
    .map((c) => ({ value: c, label: languageName(c) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * True when the task's models exist but name no language at all (they work with any language, e.g.
 * gender detection by pitch): the Language filter then says so instead of 'No published model yet'.
 */
export function anyLanguageOnly(models: readonly ExploreModel[]): boolean {
  return models.length > 0 && models.every((m) => m.languages.length === 0);
}

/** Translation needs a source and a target; every other task one language (docs/product.md#validation-rules). */
export function needsPair(task: InferenceTask): boolean {
  return task === 'translation';
}

/** The Source Language choices (translation only): every source language of the task's models. */
export function sourceOptions(models: readonly ExploreModel[]): LanguageOption[] {
  return options(models.flatMap((m) => m.languages.map((l) => l.sourceLanguage)));
}

/**
 * The Target Language choices of translation: only languages some model translates `source` into,
 * never `source` itself (docs/product.md#screens). Empty until a source is chosen.
 */
export function targetOptions(models: readonly ExploreModel[], source: string): LanguageOption[] {
  if (!source) return [];
  return options(
    models.flatMap((m) =>
      m.languages
        .filter((l) => l.sourceLanguage === source && l.targetLanguage && l.targetLanguage !== source)
        .map((l) => l.targetLanguage!),
    ),
  );
}

/** The 'Language' choices of a single-language task: every language its models name (source or target). */
export function languageOptions(models: readonly ExploreModel[]): LanguageOption[] {
  return options(models.flatMap((m) => m.languages.flatMap((l: LanguagePairLike) => [l.sourceLanguage, l.targetLanguage ?? ''])));
}

/** Field errors of Submit: 'This field is mandatory' under each missing required language (docs/product.md#validation-rules); shown through `models.filter.mandatory`. */
export function validateExploreFilter(task: InferenceTask, f: ExploreFilter): Partial<Record<keyof ExploreFilter, string>> {
  const errors: Partial<Record<keyof ExploreFilter, string>> = {};
  if (needsPair(task) && !f.source) errors.source = MANDATORY_MESSAGE;
  if (!f.target) errors.target = MANDATORY_MESSAGE;
  return errors;
}

/**
 * Whether a model passes the submitted filter: translation, a pair source → target; other tasks,
 * the language as a source or a target (docs/product.md#screens "filters: language (source or target)").
 * An empty filter passes everything.
 */
export function matchesExploreFilter(task: InferenceTask, m: ExploreModel, f: ExploreFilter): boolean {
  if (needsPair(task)) {
    if (!f.source && !f.target) return true;
    return m.languages.some((l) => (!f.source || l.sourceLanguage === f.source) && (!f.target || l.targetLanguage === f.target));
  }
  if (!f.target) return true;
  return m.languages.some((l) => l.sourceLanguage === f.target || l.targetLanguage === f.target);
}

/** Newest first (docs/product.md#screens): by publication time, else submission time. */
export function newestFirst<T extends ExploreModel>(models: readonly T[]): T[] {
  const at = (m: ExploreModel) => m.publishedOn ?? m.submittedOn;
  return [...models].sort((a, b) => at(b) - at(a));
}

/** The models of the submitted filter, newest first. */
export function exploreResults<T extends ExploreModel>(task: InferenceTask, models: readonly T[], f: ExploreFilter): T[] {
  return newestFirst(models.filter((m) => matchesExploreFilter(task, m, f)));
}

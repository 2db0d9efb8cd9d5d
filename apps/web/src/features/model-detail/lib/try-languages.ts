import { TASK_REGISTRY, languageLabel, type InferenceTask } from '@ulca/contracts';
import { localizedLanguageName } from '../../../lib/i18n/names.ts';
import type { TryLanguageHint } from '../../../lib/model-navigation.ts';
import { isolateRtl } from '../../../lib/bidi.ts';

/*
 * How a try panel chooses its languages (docs/product.md#model-detail-and-try-it-panels "Languages of a
 * try panel"): every language (pair) the model's descriptor lists is offered, preselected from the
 * Explore filter the visitor came from (the `?source=&target=` or `?language=` of the page's URL),
 * else the model's first. Translation keeps the Explore rule for targets: only languages the model
 * translates the chosen source into, never the source itself.
 */

/** One language pair of a model's descriptor (`targetLanguage` only for pair tasks). */
export interface LanguagePair {
  sourceLanguage: string;
  targetLanguage?: string | null;
}

/** What a panel sends: the source language, and the target for pair tasks ('' = none). */
export interface TryLanguages {
  source: string;
  target: string;
}

/** Whether the task's model maps a source to a target (translation, transliteration). */
export function isPairTask(task: InferenceTask): boolean {
  return TASK_REGISTRY[task].languages === 'pair';
}

/** Whether the panel of `task` has languages to choose (detections take any language). */
export function hasLanguageChoice(task: InferenceTask): boolean {
  return TASK_REGISTRY[task].languages !== 'free';
}

const distinct = (codes: Iterable<string>): string[] => [...new Set([...codes].filter(Boolean))];

/** The source languages of a model, in descriptor order, each once. */
export function sourceChoices(languages: readonly LanguagePair[]): string[] {
  return distinct(languages.map((l) => l.sourceLanguage));
}

/** The targets the model offers from `source`, in descriptor order, never `source` itself (the Explore rule). */
export function targetChoices(languages: readonly LanguagePair[], source: string): string[] {
  return distinct(
    languages.filter((l) => l.sourceLanguage === source && l.targetLanguage && l.targetLanguage !== source).map((l) => l.targetLanguage!),
  );
}

/** The URL query of the model page read as a hint ('' values and unknown keys ignored). */
export function readTryLanguageHint(search: URLSearchParams): TryLanguageHint {
  const get = (k: string) => search.get(k)?.trim() || undefined;
  return { source: get('source'), target: get('target'), language: get('language') };
}

/**
 * The languages a panel of `task` starts with for a model listing `languages`, given the Explore
 * filter `hint`:
 * - free tasks (detections): none;
 * - single-language tasks: `hint.language` (or `hint.source`) when the model lists it, else its first;
 * - pair tasks: `hint.source` when listed (else, for a one-language Explore filter such as
 *   transliteration's, a pair writing into that language, Roman letters first, else one from it),
 *   else the first source; then `hint.target` when the model translates the source into it, else the
 *   first such target.
 */
export function initialTryLanguages(task: InferenceTask, languages: readonly LanguagePair[], hint: TryLanguageHint = {}): TryLanguages {
  if (!hasLanguageChoice(task)) return { source: '', target: '' };
  const sources = sourceChoices(languages);
  if (!isPairTask(task)) {
    const wanted = [hint.language, hint.source].find((c) => c && sources.includes(c));
    return { source: wanted ?? sources[0] ?? '', target: '' };
  }
  let source = hint.source && sources.includes(hint.source) ? hint.source : '';
  if (!source && hint.language) {
    const into = languages.filter((l) => l.targetLanguage === hint.language && l.sourceLanguage !== hint.language);
    source =
      into.find((l) => l.sourceLanguage === 'en')?.sourceLanguage ??
      into[0]?.sourceLanguage ??
      (sources.includes(hint.language) ? hint.language : '');
  }
  source ||= sources[0] ?? '';
  const targets = targetChoices(languages, source);
  const wantedTarget = [hint.target, hint.language].find((c) => c && targets.includes(c));
  return { source, target: wantedTarget ?? targets[0] ?? '' };
}

/**
 * The languages after the visitor picks a new source: the target is kept when the model still
 * translates the new source into it, else the first target it offers.
 */
export function withSource(languages: readonly LanguagePair[], current: TryLanguages, source: string): TryLanguages {
  const targets = targetChoices(languages, source);
  return { source, target: targets.includes(current.target) ? current.target : (targets[0] ?? '') };
}

/** A language's name in the interface language (English: the master data's label; see docs/product.md#languages-of-the-interface). */
export function tryLanguageName(code: string): string {
  return isolateRtl(localizedLanguageName(code, languageLabel(code)));
}

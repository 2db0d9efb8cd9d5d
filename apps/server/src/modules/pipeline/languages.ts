/**
 * How the languages of a chain of tasks connect (docs/api.md#pipelines). Pure: no database.
 *
 * A stage takes text, speech or an image in one language and answers in one language: a paired
 * task (translation, transliteration) in its target language, the others in their source language
 * (asr hears hi and writes hi; tts reads ur and speaks ur). A language-free task (the detections)
 * passes its input language on. Stage i+1 connects to stage i when its source language is the
 * language stage i answers in.
 */
import { LANGUAGE_FREE_TASKS, PAIRED_INFERENCE_TASKS, type InferenceTask } from '@ulca/contracts';

/** One model of a stage as the language graph sees it. */
export interface LanguageCandidate {
  task: InferenceTask;
  sourceLanguage: string;
  targetLanguage?: string | null;
}

/** The language a candidate answers in. */
export function outputLanguage(c: LanguageCandidate): string {
  return PAIRED_INFERENCE_TASKS.includes(c.task) && c.targetLanguage ? c.targetLanguage : c.sourceLanguage;
}

/** Whether `task` passes its input language on (no language of its own). */
export function isLanguageFree(task: InferenceTask): boolean {
  return LANGUAGE_FREE_TASKS.includes(task);
}

/** The candidates kept per stage and the languages the whole chain serves. */
export interface ChainLanguages<C extends LanguageCandidate> {
  /** Per stage, the candidates that lie on at least one connected path from the first stage to the last. */
  kept: C[][];
  /** Per source language of the first stage, the languages the last stage can answer in (sorted). */
  languages: { sourceLanguage: string; targetLanguageList: string[] }[];
  /** The first stage no candidate of which takes a language the stage before answers in (or with no candidate at all), or -1. */
  brokenAt: number;
}

/**
 * Connects the candidates of each stage (`stages[i]` are stage i's; a language-free stage's
 * candidates need no language: pass them with sourceLanguage ''). Forward: the languages that can
 * reach each stage; backward: those from which the end can still be reached; a candidate is kept
 * when it is on both. O(stages × candidates).
 */
export function connectChain<C extends LanguageCandidate>(tasks: readonly InferenceTask[], stages: readonly C[][]): ChainLanguages<C> {
  const n = tasks.length;
  // reach[i]: languages that can arrive at stage i (null = any: the first stage takes what it is given).
  const reach: (Set<string> | null)[] = [null];
  // The first stage the forward pass cannot enter: what the chain reports as where it breaks.
  let brokenAt = -1;
  for (let i = 0; i < n; i++) {
    if (isLanguageFree(tasks[i])) {
      if (stages[i].length === 0 && brokenAt === -1) brokenAt = i;
      reach.push(reach[i]);
      continue;
    }
    const r = reach[i];
    const next = new Set(stages[i].filter((c) => !r || r.has(c.sourceLanguage)).map(outputLanguage));
    if (next.size === 0 && brokenAt === -1) brokenAt = i;
    reach.push(next);
  }
  // useful[i]: languages at the input of stage i from which the last stage can still answer (null = any).
  const useful: (Set<string> | null)[] = new Array(n + 1).fill(null);
  for (let i = n - 1; i >= 0; i--) {
    if (isLanguageFree(tasks[i])) {
      useful[i] = useful[i + 1];
      continue;
    }
    const u = useful[i + 1];
    useful[i] = new Set(stages[i].filter((c) => !u || u.has(outputLanguage(c))).map((c) => c.sourceLanguage));
  }
  const kept = stages.map((cands, i) => {
    if (isLanguageFree(tasks[i])) return reach[i] && reach[i]!.size === 0 ? [] : [...cands];
    const r = reach[i];
    const u = useful[i + 1];
    return cands.filter((c) => (!r || r.has(c.sourceLanguage)) && (!u || u.has(outputLanguage(c))));
  });
  if (brokenAt === -1) brokenAt = kept.findIndex((k) => k.length === 0);

  const firstSources = new Set<string>();
  const firstLangStage = tasks.findIndex((t) => !isLanguageFree(t));
  if (brokenAt === -1 && firstLangStage >= 0) for (const c of kept[firstLangStage]) firstSources.add(c.sourceLanguage);
  const languages = [...firstSources].sort().map((sourceLanguage) => {
    let cur = new Set([sourceLanguage]);
    for (let i = firstLangStage; i < n; i++) {
      if (isLanguageFree(tasks[i])) continue;
      cur = new Set(kept[i].filter((c) => cur.has(c.sourceLanguage)).map(outputLanguage));
    }
    return { sourceLanguage, targetLanguageList: [...cur].sort() };
  });
  return { kept, languages: languages.filter((l) => l.targetLanguageList.length > 0), brokenAt };
}

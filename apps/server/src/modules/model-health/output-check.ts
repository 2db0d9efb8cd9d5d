/**
 * Is a model's answer usable? (docs/architecture.md#calling-models "Health".) The original ULCA called
 * a model available when its endpoint answered "SUCCESS" with an empty output; here an answer counts
 * only when it carries a non-empty output, and, for the tasks whose output is text in a known
 * language, when that text is mostly in the language's script.
 *
 * What is checked follows the task's output kind in the task registry (packages/contracts
 * models/tasks.ts; docs/architecture.md#adding-a-model-task). Text outputs (target-text,
 * suggestions, source-text: translation, transliteration, asr, ocr, itn, text-normalization) are
 * script-checked against the target language of a paired task, else the source language (the
 * model's only language). Only checked for non-emptiness: audio (tts), ner (predictions; its
 * tokens are the input's), languages (a langCode), genders (a gender).
 *
 * Scripts come from the Unicode Script property (`\p{Script=…}` of JavaScript regular expressions),
 * so the ranges are the Unicode standard's, not a hand-kept table.
 */
import { INFERENCE_TASKS, TASK_REGISTRY, assertNever, type InferenceTask } from '@ulca/contracts';
import { LANGUAGE_SCRIPTS } from '../../lib/language-scripts.ts';

/** Share of letters that must be in the expected script(s) (names, numbers in Latin, … are tolerated below it). */
export const SCRIPT_SHARE_REQUIRED = 0.5;

/** Tasks whose output text is checked against a script, and which language of the request names it (derived from the registry). */
export const SCRIPT_CHECKED_TASKS: Readonly<Partial<Record<InferenceTask, 'source' | 'target'>>> = Object.fromEntries(
  INFERENCE_TASKS.flatMap((t) => {
    const spec = TASK_REGISTRY[t];
    const text = spec.output === 'target-text' || spec.output === 'suggestions' || spec.output === 'source-text';
    return text ? [[t, spec.languages === 'pair' ? 'target' : 'source']] : [];
  }),
);

const LETTER = /\p{L}/gu;
const scriptPatterns = new Map<string, RegExp | undefined>();
/** A regular expression matching one letter of `script`, or undefined when the engine does not know the script. */
function scriptPattern(script: string): RegExp | undefined {
  if (!scriptPatterns.has(script)) {
    try {
      scriptPatterns.set(script, new RegExp(`\\p{Script=${script}}`, 'u'));
    } catch {
      scriptPatterns.set(script, undefined); // a script newer than this Node's Unicode tables
    }
  }
  return scriptPatterns.get(script);
}

type Obj = Record<string, unknown>;
const items = (body: unknown, key: 'output' | 'audio'): Obj[] => {
  const list = (body as Obj | null)?.[key];
  return Array.isArray(list) ? (list.filter((x) => x && typeof x === 'object') as Obj[]) : [];
};
const nonBlank = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** The output texts of a text-output answer (target or source per task's output kind), blanks included as ''; null for other kinds. */
export function outputTexts(task: InferenceTask, body: unknown): string[] | null {
  const out = items(body, 'output');
  const kind = TASK_REGISTRY[task].output;
  switch (kind) {
    case 'target-text':
      return out.map((o) => (typeof o.target === 'string' ? o.target : ''));
    case 'suggestions':
      return out.flatMap((o) =>
        Array.isArray(o.target) ? o.target.map((t) => (typeof t === 'string' ? t : '')) : [typeof o.target === 'string' ? o.target : ''],
      );
    case 'source-text':
      return out.map((o) => (typeof o.source === 'string' ? o.source : ''));
    case 'audio':
    case 'ner':
    case 'languages':
    case 'genders':
      return null;
    default:
      return assertNever(kind, 'task output kind');
  }
}

/**
 * Share (0..1) of the letters of `text` written in one of `scripts`, or null when `text` has no
 * letter at all (digits or punctuation only: nothing to judge).
 */
export function scriptShare(text: string, scripts: readonly string[]): number | null {
  const letters = text.match(LETTER) ?? [];
  if (letters.length === 0) return null;
  const patterns = scripts.map(scriptPattern).filter((p): p is RegExp => p !== undefined);
  if (patterns.length === 0) return null;
  const inScript = letters.filter((ch) => patterns.some((p) => p.test(ch))).length;
  return inScript / letters.length;
}

/**
 * Why the answer of a `task` model is unusable, or null when it is fine.
 * @param body the endpoint's answer, already validated against the task's ULCA response schema
 * @param language the language pair the example request asked for (`target` read for translation
 *   and transliteration, `source` otherwise); an unknown language skips the script check.
 * @returns e.g. "The model answered an empty output." or "The output is not in the Devanagari
 *   script expected for hi (3% of its letters are)."
 */
export function checkOutput(
  task: InferenceTask,
  body: unknown,
  language: { sourceLanguage?: string | null; targetLanguage?: string | null },
): string | null {
  const out = items(body, 'output');
  const kind = TASK_REGISTRY[task].output;
  switch (kind) {
    case 'audio': {
      const audio = items(body, 'audio');
      return audio.some((a) => nonBlank(a.audioContent) || nonBlank(a.audioUri)) ? null : 'The model answered no audio.';
    }
    case 'ner':
      return out.some((o) => Array.isArray(o.nerPrediction) && o.nerPrediction.length > 0)
        ? null
        : 'The model answered no named-entity predictions.';
    case 'languages':
      return out.some((o) => Array.isArray(o.langPrediction) && (o.langPrediction as Obj[]).some((p) => nonBlank(p?.langCode)))
        ? null
        : 'The model answered no language prediction.';
    case 'genders':
      return out.some((o) => Array.isArray(o.genderPrediction) && (o.genderPrediction as Obj[]).some((p) => nonBlank(p?.gender)))
        ? null
        : 'The model answered no gender prediction.';
    case 'target-text':
    case 'suggestions':
    case 'source-text':
      break;
    default:
      return assertNever(kind, 'task output kind');
  }
  const texts = outputTexts(task, body) ?? [];
  if (!texts.some(nonBlank)) return 'The model answered an empty output.';
  const which = SCRIPT_CHECKED_TASKS[task];
  const code = which === 'target' ? language.targetLanguage : language.sourceLanguage;
  const scripts = code ? LANGUAGE_SCRIPTS[code] : undefined;
  if (!scripts) return null;
  const share = scriptShare(texts.filter(nonBlank).join(' '), scripts);
  if (share === null || share >= SCRIPT_SHARE_REQUIRED) return null;
  const names = scripts.map((s) => s.replace(/_/g, ' ')).join(' or ');
  return `The output is not in the ${names} script expected for ${code} (${Math.round(share * 100)}% of its letters are).`;
}

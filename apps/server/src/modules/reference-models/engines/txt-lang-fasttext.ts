/**
 * Text language identification reference engine (docs/product.md#reference-models "Reference models"):
 * fastText's lid.176 model (bundled, quantised, in the `fasttext.wasm.js` package) restricted to
 * the scheduled languages it knows plus English, with a Unicode-script rule for the scripts that
 * only one served language uses (short input, and Ol Chiki / Meetei Mayek that lid.176 lacks).
 */
import { createRequire } from 'node:module';
import { getLIDModel } from 'fasttext.wasm.js';
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from '../engine.ts';
import { loadOnce, referenceEngine } from './engine-shape.ts';

/** docs/product.md#reference-models: at most 150 characters of text per input (counted in code points). */
export const MAX_TEXT_CHARS = 150;

/** ISO 15924 codes of the scripts this engine tells apart (plus 'other' for any other letter). */
export type DetectedScript =
  'Latn' | 'Deva' | 'Beng' | 'Guru' | 'Gujr' | 'Orya' | 'Taml' | 'Telu' | 'Knda' | 'Mlym' | 'Arab' | 'Olck' | 'Mtei';

/** Unicode blocks of each script (inclusive code point ranges). Latin counts only letters (checked with \p{L}). */
const SCRIPT_RANGES: ReadonlyArray<[DetectedScript, number, number]> = [
  ['Latn', 0x41, 0x24f],
  ['Latn', 0x1e00, 0x1eff],
  ['Deva', 0x900, 0x97f],
  ['Deva', 0xa8e0, 0xa8ff],
  ['Beng', 0x980, 0x9ff],
  ['Guru', 0xa00, 0xa7f],
  ['Gujr', 0xa80, 0xaff],
  ['Orya', 0xb00, 0xb7f],
  ['Taml', 0xb80, 0xbff],
  ['Telu', 0xc00, 0xc7f],
  ['Knda', 0xc80, 0xcff],
  ['Mlym', 0xd00, 0xd7f],
  ['Arab', 0x600, 0x6ff],
  ['Arab', 0x750, 0x77f],
  ['Arab', 0x8a0, 0x8ff],
  ['Arab', 0xfb50, 0xfdff],
  ['Arab', 0xfe70, 0xfeff],
  ['Olck', 0x1c50, 0x1c7f],
  ['Mtei', 0xabc0, 0xabff],
  ['Mtei', 0xaae0, 0xaaff],
];

/**
 * Served languages: ISO 639-1/639-3 code as in LANGUAGE_CODES → the lid.176 label (or null when
 * lid.176 does not know it and only the script rule finds it) and the script it is written in.
 * `gom` is lid.176's Goan Konkani; Sindhi is lid.176's Arabic-script Sindhi.
 */
export const TXT_LID_LANGUAGES: Readonly<Record<string, { label: string | null; script: DetectedScript }>> = {
  en: { label: 'en', script: 'Latn' },
  hi: { label: 'hi', script: 'Deva' },
  mr: { label: 'mr', script: 'Deva' },
  ne: { label: 'ne', script: 'Deva' },
  sa: { label: 'sa', script: 'Deva' },
  mai: { label: 'mai', script: 'Deva' },
  gom: { label: 'gom', script: 'Deva' },
  bn: { label: 'bn', script: 'Beng' },
  as: { label: 'as', script: 'Beng' },
  pa: { label: 'pa', script: 'Guru' },
  gu: { label: 'gu', script: 'Gujr' },
  or: { label: 'or', script: 'Orya' },
  ta: { label: 'ta', script: 'Taml' },
  te: { label: 'te', script: 'Telu' },
  kn: { label: 'kn', script: 'Knda' },
  ml: { label: 'ml', script: 'Mlym' },
  ur: { label: 'ur', script: 'Arab' },
  sd: { label: 'sd', script: 'Arab' },
  sat: { label: null, script: 'Olck' },
  mni: { label: null, script: 'Mtei' },
};

/** lid.176 label → our code (Odia appears as `or`, older lists say `ory`). */
const LABEL_TO_CODE: ReadonlyMap<string, string> = new Map<string, string>([
  ...Object.entries(TXT_LID_LANGUAGES).flatMap(([code, v]) => (v.label ? [[v.label, code] as [string, string]] : [])),
  ['ory', 'or'],
]);

/** Letters per script in `text`; letters of any other script count under 'other'. */
export function countScripts(text: string): Map<DetectedScript | 'other', number> {
  const counts = new Map<DetectedScript | 'other', number>();
  for (const ch of text) {
    // Marks (matras, viramas) belong to their script as much as letters do.
    if (!/[\p{L}\p{M}]/u.test(ch)) continue;
    const cp = ch.codePointAt(0)!;
    const hit = SCRIPT_RANGES.find(([, lo, hi]) => cp >= lo && cp <= hi);
    const key = hit ? hit[0] : 'other';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The script with the most letters in `text` and its share of the letters (0..1); null when there are no letters. */
export function dominantScript(text: string): { script: DetectedScript | 'other'; share: number; letters: number } | null {
  const counts = countScripts(text);
  let total = 0;
  let best: [DetectedScript | 'other', number] | null = null;
  for (const [s, n] of counts) {
    total += n;
    if (!best || n > best[1]) best = [s, n];
  }
  return best ? { script: best[0], share: best[1] / total, letters: total } : null;
}

/** One ranked prediction, as the ULCA response's langPrediction item (langScore 0..100). */
export type LangPrediction = {
  langCode: string;
  scriptCode: string;
  langScore: number;
};

/** Below this fastText probability a single-language script decides instead (short or mixed input). */
const SCRIPT_RULE_BELOW = 0.5;
/** Latin text whose top fastText label is another language with at least this probability is refused. */
const FOREIGN_LATIN_ABOVE = 0.5;

/** The loaded lid.176 model: `predict(text, k, threshold)` as fasttext.wasm.js exposes it. */
export type LidModel = Awaited<ReturnType<Awaited<ReturnType<typeof getLIDModel>>['load']>>;

/**
 * Identifies the language of one text with a loaded lid.176 model.
 * @param text the input (1..150 characters, at least one letter).
 * @param numSuggestions how many ranked predictions to return (1.. ; fewer when the script has fewer served languages).
 * @param maxChars the length limit (the spec's 150 characters for typed text; the image engine passes OCR text, which is longer).
 * @returns predictions best first, langScore in 0..100 (fastText probability × 100; for a single-language
 *   script below 50 %, the share of the text's letters in that script × 100).
 * @throws EngineInputError for empty or over-long text, text without letters, a script this engine
 *   does not serve, or Latin text that fastText reads confidently as a language other than English.
 */
export function identifyLanguage(model: LidModel, text: string, numSuggestions = 1, maxChars = MAX_TEXT_CHARS): LangPrediction[] {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new EngineInputError('The text is empty: give a sentence to identify.');
  const chars = [...trimmed].length;
  if (chars > maxChars) throw new EngineInputError(`The text is ${chars} characters long; the limit is ${maxChars}.`);
  const dom = dominantScript(trimmed);
  if (!dom) throw new EngineInputError('The text has no letters (only digits, spaces or punctuation): no language to identify.');
  const script = dom.script;
  const candidates = Object.entries(TXT_LID_LANGUAGES).filter(([, v]) => v.script === script);
  if (script === 'other' || candidates.length === 0) {
    throw new EngineInputError(
      'The text is in a script this engine does not identify; it serves English and Indian languages written in Latin, Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam, Arabic (Urdu, Sindhi), Ol Chiki and Meetei Mayek.',
    );
  }

  // fastText reads one line; k = -1 returns every label with its probability.
  const vector = model.predict(trimmed.replace(/\s+/g, ' '), -1, 0);
  const probs = new Map<string, number>();
  let top: [string, number] | null = null;
  try {
    for (let i = 0; i < vector.size(); i++) {
      const [p, rawLabel] = vector.get(i);
      const label = rawLabel.replace('__label__', '');
      if (!top || p > top[1]) top = [label, p];
      const code = LABEL_TO_CODE.get(label);
      if (code) probs.set(code, Math.max(probs.get(code) ?? 0, p));
    }
  } finally {
    vector.delete(); // emscripten vectors live on the wasm heap
  }

  if (script === 'Latn' && top && top[0] !== 'en' && top[1] >= FOREIGN_LATIN_ABOVE) {
    throw new EngineInputError(
      `The text reads as a language this engine does not serve (fastText label "${top[0]}"); it identifies English and Indian languages.`,
    );
  }

  const round = (x: number) => Math.round(x * 10000) / 100;
  if (candidates.length === 1) {
    const [code] = candidates[0]!;
    const p = probs.get(code) ?? 0;
    // Gurmukhi is written for Punjabi, Tamil script for Tamil …: on short input fastText's
    // probability is noise, the script is the evidence.
    const score = p >= SCRIPT_RULE_BELOW ? p : dom.share;
    return [{ langCode: code, scriptCode: script, langScore: round(score) }];
  }
  return candidates
    .map(([code]) => ({ langCode: code, scriptCode: script, langScore: round(probs.get(code) ?? 0) }))
    .sort((a, b) => b.langScore - a.langScore)
    .slice(0, Math.max(1, numSuggestions));
}

/** Loads lid.176 from the package's own files (no network); ~150 ms, ~10 MB. */
export async function loadLidModel(): Promise<LidModel> {
  const lid = await getLIDModel();
  return lid.load();
}

const require = createRequire(import.meta.url);
const FASTTEXT_VERSION = (require('fasttext.wasm.js/package.json') as { version: string }).version;

/**
 * Creates the txt-lang-detection reference engine `txt-lang-fasttext`.
 * Request `{input:[{source}], config?:{numSuggestions}}` → `{output:[{source, langPrediction:[{langCode, scriptCode, langScore}]}]}`.
 * infer() throws EngineInputError as identifyLanguage() does, for any one input.
 */
export function createTxtLangFasttextEngine(opts: EngineOptions): ReferenceEngine<'txt-lang-detection'> {
  let model: LidModel | null = null;
  const { warm } = loadOnce(
    () => model !== null,
    async () => {
      model = await loadLidModel();
      opts.log.info({ engine: 'txt-lang-fasttext' }, 'fastText lid.176 loaded');
    },
  );

  return referenceEngine({
    id: 'txt-lang-fasttext',
    task: 'txt-lang-detection',
    sourceLanguages: Object.keys(TXT_LID_LANGUAGES),
    card: {
      name: 'fastText language identification (reference)',
      description:
        "Facebook's fastText lid.176 language-identification model (compressed .ftz, trained on Wikipedia, Tatoeba and SETimes), run in WebAssembly. Its 176 labels are narrowed to the languages written in the text's dominant script that this platform serves: English and the scheduled languages lid.176 knows (hi, mr, ne, sa, mai, gom, bn, as, pa, gu, or, ta, te, kn, ml, ur, sd). A script rule covers scripts used by one served language (Gurmukhi → pa, Tamil → ta, Ol Chiki → sat, Meetei Mayek → mni …) when fastText is unsure, e.g. on one or two words. langScore is fastText's probability × 100; for the script rule it is the share of letters in that script × 100.",
      kind: 'trained-model',
      engine: `fasttext.wasm.js ${FASTTEXT_VERSION} (lid.176.ftz)`,
      limits: [
        'Bodo, Dogri, Kashmiri and Konkani written other than as Goan Konkani are not in lid.176 and are never predicted; Santali and Manipuri are found only by their own scripts (Ol Chiki, Meetei Mayek), not in Bengali or Latin script.',
        'Languages sharing a script (Hindi, Marathi, Nepali, Sanskrit, Maithili in Devanagari; Bengali and Assamese; Urdu and Sindhi) are told apart by fastText only, which is unreliable on a few words.',
        'Romanised Indian-language text is not identified: Latin-script text is English or refused.',
        'Mixed-script text is judged by its dominant script.',
        `At most ${MAX_TEXT_CHARS} characters per input.`,
      ],
      license: 'cc-by-sa-3.0',
      refUrl: 'https://fasttext.cc/docs/en/language-identification.html',
    },
    exampleRequest: { input: [{ source: 'भारत एक विशाल देश है' }], config: { numSuggestions: 1 } },
    warm,
    async infer(request: InferenceRequest<'txt-lang-detection'>): Promise<InferenceResponse<'txt-lang-detection'>> {
      await warm();
      const k = request.config?.numSuggestions ?? 1;
      return {
        output: request.input.map(({ source }) => ({ source, langPrediction: identifyLanguage(model!, source, k) })),
      };
    },
    async close(): Promise<void> {
      // The wasm module has no unload; dropping the reference lets it be collected.
      model = null;
    },
  });
}

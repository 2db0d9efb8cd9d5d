import fs from 'node:fs/promises';
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from '../engine.ts';
import { processLimiter, runProcess } from '../run-process.ts';
import { checkScript, checkText } from '../text-input.size-limit.ts';

/** Where Debian's apertium packages put their modes (`apertium -l` lists the same). */
const MODES_DIR = '/usr/share/apertium/modes';
/** Served pairs → apertium mode name (apertium-urd-hin 0.1.0). */
const MODES: Record<string, string> = { 'hi-ur': 'hin-urd', 'ur-hi': 'urd-hin' };
const MAX_INPUTS = 100;
const TIMEOUT_MS = 15_000;
const MAX_OUTPUT_BYTES = 256 * 1024;

/** Devanagari consonant + nukta (U+093C) → its precomposed letter (U+0958-U+095F); NFC keeps the two-character form. */
const PRECOMPOSED_NUKTA: Record<string, string> = {
  क़: '\u0958',
  ख़: '\u0959',
  ग़: '\u095A',
  ज़: '\u095B',
  ड़: '\u095C',
  ढ़: '\u095D',
  फ़: '\u095E',
  य़: '\u095F',
};
const NUKTA_PAIR = /[कखगजडढफय]\u093C/gu;
/** Stands in for the user's '#' through the pipeline (U+E000, private use). */
const HASH_STANDIN = '\uE000';

/**
 * Normalises Urdu text to the letters Urdu writing (and the dictionary) uses: Arabic kaf, yeh
 * and heh typed on Arabic keyboards become keheh (ک), Farsi yeh (ی) and heh goal (ہ).
 */
export function normaliseUrdu(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\u0643/g, '\u06A9')
    .replace(/\u064A/g, '\u06CC')
    .replace(/\u0647/g, '\u06C1');
}

/**
 * Cleans apertium's output stream (before apertium-retxt): drops the generator's second
 * surface forms ("हूं/हूँ" → "हूं", an unescaped '/'), and the marks of words the dictionaries
 * lack ('#word': no target form, '@word': not in the bilingual dictionary; '*word' is already
 * dropped by `lt-proc -n`). Slashes and marks typed by the user arrive escaped ('\/', '\@',
 * '\#') and are kept.
 */
export function cleanApertiumStream(stream: string): string {
  return stream.replace(/(?<!\\)\/[\p{L}\p{M}\p{N}]+/gu, '').replace(/(?<![\\\p{L}\p{M}\p{N}])[#@](?=[\p{L}\p{M}])/gu, '');
}

/** Parses `lt-proc` analyses `^surface/analysis…$` → surface → known (not `*surface`). */
function parseAnalyses(stream: string): Map<string, boolean> {
  const known = new Map<string, boolean>();
  for (const m of stream.matchAll(/\^((?:\\.|[^/$\\])*)\/((?:\\.|[^$\\])*)\$/gu)) {
    known.set(m[1]!.replace(/\\(.)/gu, '$1'), !m[2]!.startsWith('*'));
  }
  return known;
}

/**
 * Translation reference model: Debian apertium 3.8 with apertium-urd-hin (rule-based,
 * shallow transfer), Hindi → Urdu and Urdu → Hindi (docs/product.md#reference-models).
 * Request `{input:[{source}], config:{language:{sourceLanguage, targetLanguage}}}`; answer
 * `{output:[{source, target}]}`. Inputs: at most 100, each ≤ 150 characters in the source script.
 * Hindi input: NFC, then each nukta letter in whichever form (two-character or precomposed) the
 * analyser knows — the dictionary mixes both. Urdu input and output: Arabic letter variants
 * normalised (normaliseUrdu). Each input is one `apertium-destxt | <mode> | apertium-retxt`
 * run: at most `concurrency` at once, killed after 15 s; a dead run fails that call only.
 */
export function createTranslationApertiumEngine(opts: EngineOptions & { concurrency?: number }): ReferenceEngine<'translation'> {
  const limit = processLimiter(opts.concurrency ?? 2);
  /** Mode name → the shell pipeline of its mode file, generator without unknown-word marks. */
  const pipelines = new Map<string, string>();
  /** Hindi analyser (first program of the hin-urd mode) for the nukta check. */
  let hindiAnalyser: string | undefined;
  /** Nukta word → the form to send (cache, bounded). */
  const nuktaForms = new Map<string, string>();

  async function loadMode(mode: string): Promise<string> {
    const file = `${MODES_DIR}/${mode}.mode`;
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      throw new Error(
        `apertium mode ${file} is missing: install the Debian packages apertium and apertium-urd-hin (scripts/ensure-debian-packages.mjs)`,
      );
    }
    // $1 is the generator's flag (-n: no '*' marks), $2 the tagger's extra flag (none).
    return text.trim().replaceAll('$1', '-n').replaceAll('$2', '');
  }

  async function run(command: string, input: string): Promise<string> {
    const { stdout } = await limit(() =>
      runProcess('sh', ['-c', command], { input, timeoutMs: TIMEOUT_MS, maxOutputBytes: MAX_OUTPUT_BYTES }),
    );
    return stdout.toString('utf8');
  }

  /** Chooses, for each Hindi word with a nukta, the form the analyser knows (NFC when both or neither). */
  async function fixNuktaForms(text: string): Promise<string> {
    const words = [...new Set(text.match(/[\p{L}\p{M}]*\u093C[\p{L}\p{M}]*/gu) ?? [])].filter((w) => !nuktaForms.has(w));
    if (words.length > 0 && hindiAnalyser) {
      const alternatives = words.map((w) => w.replace(NUKTA_PAIR, (pair) => PRECOMPOSED_NUKTA[pair] ?? pair));
      const analyses = parseAnalyses(await run(`apertium-destxt | ${hindiAnalyser}`, [...words, ...alternatives].join(' ')));
      words.forEach((w, i) => {
        const alt = alternatives[i]!;
        nuktaForms.set(w, analyses.get(w) === false && analyses.get(alt) === true ? alt : w);
      });
      if (nuktaForms.size > 10_000) nuktaForms.clear();
    }
    return text.replace(/[\p{L}\p{M}]*\u093C[\p{L}\p{M}]*/gu, (w) => nuktaForms.get(w) ?? w);
  }

  async function translate(text: string, mode: string, sourceLanguage: string, targetLanguage: string): Promise<string> {
    const normalised = sourceLanguage === 'hi' ? await fixNuktaForms(text.normalize('NFC')) : normaliseUrdu(text);
    // destxt escapes the user's '/', '@', '\\' but not '#', which would then look like the generator's
    // "no target form" mark: carry it as a private-use character, which apertium passes through.
    const stream = await run(`apertium-destxt | ${pipelines.get(mode)!}`, normalised.replaceAll('#', HASH_STANDIN));
    const cleaned = cleanApertiumStream(stream);
    let target = (await run('apertium-retxt', cleaned)).trim().replaceAll(HASH_STANDIN, '#');
    // The dictionary ends some words with a zero-width non-joiner: invisible, but it breaks search and comparison.
    target = target.replace(/\u200C(?![\p{L}\p{M}])/gu, '');
    return targetLanguage === 'ur' ? normaliseUrdu(target) : target.normalize('NFC');
  }

  return {
    id: 'translation-apertium',
    task: 'translation',
    languages: [
      { sourceLanguage: 'hi', targetLanguage: 'ur' },
      { sourceLanguage: 'ur', targetLanguage: 'hi' },
    ],
    card: {
      name: 'Apertium Hindi↔Urdu (reference)',
      description:
        'Rule-based machine translation by Apertium with the apertium-urd-hin language pair: each word is analysed with a ' +
        'morphological dictionary, looked up in a bilingual dictionary, reordered by shallow transfer rules and generated in ' +
        'the other script. Hindi and Urdu share most grammar and vocabulary, so this is largely a word-by-word conversion ' +
        'between Devanagari and Urdu (Perso-Arabic) script.',
      kind: 'rule-based',
      engine: 'apertium 3.8.3 + apertium-urd-hin 0.1.0 (Debian packages)',
      limits: [
        'Hindi→Urdu and Urdu→Hindi only.',
        'Words missing from the dictionaries pass through unchanged, in the source script.',
        'Small dictionaries (an early, unreleased pair): common words only; no neural model.',
        'At most 150 characters per input and 100 inputs per request.',
      ],
      license: 'gpl-3.0',
      refUrl: 'https://wiki.apertium.org/wiki/Hindi_and_Urdu',
    },
    exampleRequest: {
      input: [{ source: 'भारत एक बड़ा देश है।' }],
      config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } },
    },

    async warm() {
      if (pipelines.size === Object.keys(MODES).length) return;
      for (const mode of Object.values(MODES)) pipelines.set(mode, await loadMode(mode));
      hindiAnalyser = pipelines.get('hin-urd')!.split('|')[0]!.trim();
      // One run per direction: the dictionaries are read once into the page cache, and a broken install fails here.
      const check = await translate('भारत', 'hin-urd', 'hi', 'ur');
      if (check !== 'بھارت') throw new Error(`apertium hin-urd answered '${check}' for 'भारत'; the installation looks broken`);
      await translate('بھارت', 'urd-hin', 'ur', 'hi');
      opts.log.info({ engine: 'translation-apertium', modes: [...pipelines.keys()] }, 'reference engine ready');
    },

    async infer(request: InferenceRequest<'translation'>): Promise<InferenceResponse<'translation'>> {
      const { sourceLanguage, targetLanguage } = request.config.language;
      const mode = MODES[`${sourceLanguage}-${targetLanguage}`];
      if (!mode)
        throw new EngineInputError(
          `Language pair ${sourceLanguage}→${targetLanguage} is not served; this model translates hi→ur and ur→hi.`,
        );
      if (!pipelines.has(mode)) throw new Error('translation-apertium used before warm()');
      if (request.input.length > MAX_INPUTS)
        throw new EngineInputError(`${request.input.length} inputs given; this model takes at most ${MAX_INPUTS} per request.`);
      const texts = request.input.map((s, i) => {
        const text = checkText(s.source, i);
        checkScript(text, sourceLanguage, i);
        return text;
      });
      const output = await Promise.all(
        texts.map(async (text, i) => ({
          source: request.input[i]!.source,
          target: await translate(text, mode, sourceLanguage, targetLanguage),
        })),
      );
      return { output };
    },

    async close() {
      // Nothing stays running between calls: each translation is its own short pipeline.
    },
  };
}

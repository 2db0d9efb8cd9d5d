/**
 * Every reference engine the platform ships (docs/product.md#reference-models "Reference models"), one per
 * task. The reference-model service starts them all on one loopback server and registers one
 * published model per engine.
 */
import type { EngineOptions, ReferenceEngine } from '../engine.ts';
import { createGenderPitchEngine } from './gender-pitch.ts';
import { createImgLangTesseractEngine } from './img-lang-tesseract.ts';
import { createItnRulesEngine } from './itn-rules.ts';
import { createNerRulesEngine } from './ner-rules.ts';
import { createOcrTesseractEngine } from './ocr-tesseract.ts';
import { createTextNormalizationTowordsEngine } from './text-normalization-towords.ts';
import { createTranslationApertiumEngine } from './translation-apertium.ts';
import { createTransliterationSanscriptEngine } from './transliteration-sanscript.ts';
import { createTtsEspeakEngine } from './tts-espeak.ts';
import { createTxtLangFasttextEngine } from './txt-lang-fasttext.ts';

/** The factories of every reference engine, in the order they are registered. */
export const REFERENCE_ENGINE_FACTORIES: readonly ((opts: EngineOptions) => ReferenceEngine)[] = [
  createOcrTesseractEngine,
  createImgLangTesseractEngine,
  createTxtLangFasttextEngine,
  createTransliterationSanscriptEngine,
  createTtsEspeakEngine,
  createTranslationApertiumEngine,
  createTextNormalizationTowordsEngine,
  createItnRulesEngine,
  createNerRulesEngine,
  createGenderPitchEngine,
] as ((opts: EngineOptions) => ReferenceEngine)[];

/** Creates every reference engine (nothing is loaded until the server warms them). `opts.cacheDir` is shared: the tesseract engines unpack their traineddata there. */
export function createReferenceEngines(opts: EngineOptions): ReferenceEngine[] {
  return REFERENCE_ENGINE_FACTORIES.map((create) => create(opts));
}

/**
 * OCR reference engine (docs/product.md#reference-models "Reference models"): Tesseract 5's LSTM
 * recogniser compiled to WebAssembly (tesseract.js), with the "best_int" traineddata of the
 * `@tesseract.js-data/<lang>` npm packages, read from disk (never the default CDN).
 */
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from '../engine.ts';
import { loadOnce, referenceEngine } from './engine-shape.ts';
import {
  IMAGE_LIMITS,
  SAMPLE_HINDI_PNG,
  TESSDATA_VERSION,
  TESSERACT_JS_VERSION,
  TESSERACT_LANGUAGES,
  TesseractPool,
  cleanOcrText,
  decodeImage,
  prepareTraineddata,
} from './tesseract-support.ts';

/** Languages whose worker starts in warm(); the others start on their first call (~0.2–0.4 s). */
export const OCR_WARM_LANGUAGES = ['hi', 'en', 'ta'] as const;
/** Live workers at most (each 25–60 MB); idle, non-warm ones beyond it are stopped, least recently used first. */
export const OCR_MAX_WORKERS = 6;
/** One image's recognition time limit; past it the worker is terminated and restarted. */
export const OCR_TIMEOUT_MS = 60_000;
/** Images per request at most. */
export const OCR_MAX_IMAGES = 8;

/** Which tesseract language a request asks for: config.language.sourceLanguage, else languages[0]. */
function requestedLanguage(request: InferenceRequest<'ocr'>): string {
  const code = request.config.language?.sourceLanguage ?? request.config.languages?.[0]?.sourceLanguage;
  if (!code || !(code in TESSERACT_LANGUAGES)) {
    const served = Object.entries(TESSERACT_LANGUAGES)
      .map(([c, v]) => `${v.name} (${c})`)
      .join(', ');
    throw new EngineInputError(`OCR in language '${code ?? ''}' is not offered by this engine; it reads ${served}.`);
  }
  return code;
}

/**
 * Creates the OCR reference engine `ocr-tesseract`.
 * Request `{image:[{imageContent}], config:{language:{sourceLanguage}} | {languages:[…]}}` →
 * `{output:[{source: text}]}`, one item per image, lines separated by "\n".
 * infer() throws EngineInputError for an unsupported language, imageUri, more than 8 images, bad
 * base64, a file that is not a PNG/JPEG/WebP/BMP, one beyond IMAGE_LIMITS, a corrupt file, or an
 * image in which no text is found.
 */
export function createOcrTesseractEngine(opts: EngineOptions): ReferenceEngine<'ocr'> {
  let pool: TesseractPool | null = null;

  const start = async (): Promise<void> => {
    const langPath = await prepareTraineddata(
      opts.cacheDir,
      Object.values(TESSERACT_LANGUAGES).map((l) => l.tess),
    );
    const p = new TesseractPool({
      langPath,
      maxWorkers: OCR_MAX_WORKERS,
      timeoutMs: OCR_TIMEOUT_MS,
      log: opts.log,
      engineId: 'ocr-tesseract',
    });
    await p.warmUp(
      OCR_WARM_LANGUAGES.map((c) => TESSERACT_LANGUAGES[c]!.tess),
      Buffer.from(SAMPLE_HINDI_PNG, 'base64'),
    );
    pool = p;
  };

  const { warm, settled } = loadOnce(() => pool !== null, start);

  return referenceEngine({
    id: 'ocr-tesseract',
    task: 'ocr',
    sourceLanguages: Object.keys(TESSERACT_LANGUAGES),
    card: {
      name: 'Tesseract OCR (reference)',
      description:
        'Google\'s Tesseract 5 LSTM line recogniser, compiled to WebAssembly by tesseract.js, with the tessdata "best_int" models for Hindi, Marathi, Bengali, Tamil, Telugu, Gujarati, Kannada, Malayalam, Punjabi, Odia and English, loaded from the installed npm packages. It segments the page into lines and reads each with the model of the requested language (config.language.sourceLanguage, or the first of config.languages). Best on printed text: clean scans and screenshots.',
      kind: 'trained-model',
      engine: `tesseract.js ${TESSERACT_JS_VERSION} + @tesseract.js-data/{hin,mar,ben,tam,tel,guj,kan,mal,pan,ori,eng} ${TESSDATA_VERSION} (4.0.0_best_int)`,
      limits: [
        'Printed text only: handwriting and scene text (photos of signs) are read poorly; config.modality is not used.',
        'One language per request: a page mixing scripts is read with the first language only.',
        'Returns the page text; config.detectionLevel (word, line, paragraph) does not change the output.',
        `Hindi, English and Tamil are ready at start; the other languages start on their first call (under a second) and at most ${OCR_MAX_WORKERS} stay loaded.`,
        `PNG, JPEG, WebP or BMP sent as imageContent, at most ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB and ${IMAGE_LIMITS.maxPixels / 1e6} megapixels; imageUri is not fetched by the engine.`,
      ],
      license: 'apache-2.0',
      refUrl: 'https://github.com/naptha/tesseract.js',
    },
    exampleRequest: { image: [{ imageContent: SAMPLE_HINDI_PNG }], config: { language: { sourceLanguage: 'hi' } } },
    warm,
    async infer(request: InferenceRequest<'ocr'>): Promise<InferenceResponse<'ocr'>> {
      const lang = requestedLanguage(request);
      if (request.image.length > OCR_MAX_IMAGES) throw new EngineInputError(`At most ${OCR_MAX_IMAGES} images per request.`);
      // Check every image before reading any, so a bad last image costs no OCR time.
      const images = request.image.map((file) => decodeImage(file));
      await warm();
      const { tess, name } = TESSERACT_LANGUAGES[lang]!;
      const output: Array<{ source: string }> = [];
      for (const img of images) {
        const { text } = await pool!.recognize(tess, img.bytes);
        const source = cleanOcrText(text, tess);
        if (!source) throw new EngineInputError(`No ${name} text was found in the image.`);
        output.push({ source });
      }
      return { output };
    },
    async close(): Promise<void> {
      await settled();
      const p = pool;
      pool = null;
      await p?.close();
    },
  });
}

/**
 * Image language detection reference engine (docs/product.md#reference-models "Reference models"):
 * one tesseract.js worker holding a recognition model per script reads the image (each text line
 * is read with the model that fits it best), the script is counted from the recognised
 * characters, and the text goes through the txt-lang-fasttext engine's language identification.
 *
 * Tesseract's own orientation-and-script detection (OSD) was tried first, as docs/product.md#reference-models names
 * it: on a single printed line it answers "too few characters" or a wrong script (a Tamil line came
 * back as Thai), and it needs the 10 MB legacy model; so it is not used.
 */
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from '../engine.ts';
import { loadOnce, referenceEngine } from './engine-shape.ts';
import {
  IMAGE_LIMITS,
  SAMPLE_HINDI_PNG,
  TESSDATA_VERSION,
  TESSERACT_JS_VERSION,
  TesseractPool,
  cleanOcrText,
  decodeImage,
  prepareTraineddata,
} from './tesseract-support.ts';
import { identifyLanguage, loadLidModel, TXT_LID_LANGUAGES, type LidModel } from './txt-lang-fasttext.ts';

/** One traineddata per script (Devanagari read with Hindi's, Bengali-Assamese with Bengali's); English last so Indic models are tried first. */
export const IMG_LANG_SCRIPT_MODELS = ['hin', 'ben', 'tam', 'tel', 'guj', 'kan', 'mal', 'pan', 'ori', 'eng'] as const;
/** Languages it can answer: those of the text engine written in a script above. */
const SERVED = Object.entries(TXT_LID_LANGUAGES)
  .filter(([, v]) => v.script !== 'Arab' && v.script !== 'Olck' && v.script !== 'Mtei')
  .map(([code]) => code);
/** OCR text passed to language identification, at most (code points); fastText needs no more. */
const MAX_LID_CHARS = 2000;
/** Images per request at most; each costs a multi-model recognition (~0.5–1 s per line). */
const MAX_IMAGES = 4;

/**
 * Creates the img-lang-detection reference engine `img-lang-tesseract`.
 * Request `{image:[{imageContent}], config?:{numSuggestions?}}` (numSuggestions is passed through
 * the loose OCR config) → `{output:[{langPrediction:[{langCode, scriptCode, langScore 0..100}]}]}`.
 * infer() throws EngineInputError for imageUri, more than 4 images, a bad or oversized image, an
 * image without legible text, or text in a script or language the engine does not serve.
 */
export function createImgLangTesseractEngine(opts: EngineOptions): ReferenceEngine<'img-lang-detection'> {
  let state: { pool: TesseractPool; lid: LidModel } | null = null;
  const key = IMG_LANG_SCRIPT_MODELS.join('+');

  const start = async (): Promise<void> => {
    const [langPath, lid] = await Promise.all([prepareTraineddata(opts.cacheDir, IMG_LANG_SCRIPT_MODELS), loadLidModel()]);
    const pool = new TesseractPool({ langPath, maxWorkers: 1, timeoutMs: 60_000, log: opts.log, engineId: 'img-lang-tesseract' });
    await pool.warmUp([key], Buffer.from(SAMPLE_HINDI_PNG, 'base64'));
    state = { pool, lid };
  };
  const { warm, settled } = loadOnce(() => state !== null, start);

  return referenceEngine({
    id: 'img-lang-tesseract',
    task: 'img-lang-detection',
    sourceLanguages: SERVED,
    card: {
      name: 'Tesseract + fastText image language detection (reference)',
      description:
        'Reads the text of the image with Tesseract 5 (tesseract.js, LSTM "best_int" models) holding one model per script: Devanagari, Bengali, Tamil, Telugu, Gujarati, Kannada, Malayalam, Gurmukhi, Odia and Latin; each line is read with the model that fits it best. The script is then counted from the recognised characters and the text is identified with fastText lid.176 among the served languages of that script, as the text language-detection reference model does. Tesseract\'s orientation-and-script detection is not used: on one or two printed lines it reports too few characters or a wrong script.',
      kind: 'trained-model',
      engine: `tesseract.js ${TESSERACT_JS_VERSION} + @tesseract.js-data/{${IMG_LANG_SCRIPT_MODELS.join(',')}} ${TESSDATA_VERSION} + fasttext.wasm.js (lid.176)`,
      limits: [
        'Needs a few words of printed text; a single word may get the right script but not the language among those sharing it (Hindi, Marathi, Nepali …).',
        'Urdu and other Arabic-script text, Ol Chiki and Meetei Mayek have no recognition model here and are not detected.',
        'Each line is read with the best-fitting script model: a picture, logo or handwriting is read as noise and refused or misjudged.',
        `PNG, JPEG, WebP or BMP sent as imageContent, at most ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB and ${IMAGE_LIMITS.maxPixels / 1e6} megapixels, ${MAX_IMAGES} images per request.`,
        'langScore is the fastText probability × 100 of the recognised text, not a measure of how well it was read.',
      ],
      license: 'apache-2.0',
      refUrl: 'https://github.com/naptha/tesseract.js',
    },
    exampleRequest: { image: [{ imageContent: SAMPLE_HINDI_PNG }] },
    warm,
    async infer(request: InferenceRequest<'img-lang-detection'>): Promise<InferenceResponse<'img-lang-detection'>> {
      if (request.image.length > MAX_IMAGES) throw new EngineInputError(`At most ${MAX_IMAGES} images per request.`);
      const images = request.image.map((file) => decodeImage(file));
      const k = request.config?.numSuggestions;
      const numSuggestions = typeof k === 'number' && Number.isInteger(k) && k >= 1 ? k : 1;
      await warm();
      const { pool, lid } = state!;
      const output: Array<{ langPrediction: ReturnType<typeof identifyLanguage> }> = [];
      for (const img of images) {
        const { text } = await pool.recognize(key, img.bytes);
        const cleaned = cleanOcrText(text);
        if (!/[\p{L}]/u.test(cleaned)) throw new EngineInputError('No text was found in the image.');
        const clipped = [...cleaned].slice(0, MAX_LID_CHARS).join('');
        output.push({ langPrediction: identifyLanguage(lid, clipped, numSuggestions, MAX_LID_CHARS) });
      }
      return { output };
    },
    async close(): Promise<void> {
      await settled();
      const s = state;
      state = null;
      await s?.pool.close();
    },
  });
}

/**
 * OCR reference engine (issue #12, DESIGN.md §11 "Reference models"): Tesseract 5's LSTM
 * recogniser compiled to WebAssembly (tesseract.js), with the "best_int" traineddata of the
 * `@tesseract.js-data/<lang>` npm packages, read from disk (never the default CDN).
 */
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from '../engine.ts';
import {
  IMAGE_LIMITS,
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

/** A small PNG (220×56, "नमस्ते भारत" in black on white) used as the descriptor's example request and health check. */
const EXAMPLE_PNG = [
  'iVBORw0KGgoAAAANSUhEUgAAANwAAAA4CAYAAACWj5YVAAALPUlEQVR4AeycBYwUSRSG33Du3F3OLSe5u5zkJAcEgrsFJ2gguAd3J0CQQIAQ3IIGd7cgwQkE',
  'd3cIgeB+fLVUp3e2Z3eml51llrfZ12XvVdX8Xa/kVVWne6J/ioAiEDUE0on+KQKKQNQQUIWLGtRakCIgogqnrUARiCICqnBRBDuNFaU/xwcCqnA+QFMRRcAv',
  'AqpwfpFTOUXABwKqcD5AUxFFwC8CqnB+kVM5RcAHAqpwBjR9KALRQUAVLjo4aymKgEFAFc7AILJv3z4ZMGCA1K1bV4oXLy7NmzeXnTt3PktVRxF4Pgiowj3D',
  'EeVq2rSpDB8+XObNmyf9+/eXf/75R5o0aSKPHj16xqWOIpA8BFThnuFXuHBhef/99yVv3rySLVs2ef31103KwIEDpXr16savD0UgIQKRxajCPcMrffr0cuLE',
  'CVm+fLmsXbtWrl69Kr169TKp48ePl6VLlxq/PhSB5CCgCudC78MPP3RC77zzjrRu3VoqV65s4rp27WpcfSgCyUFAFS4J9Dp37mw4Nm7cKFu2bDF+fSgCfhFQ',
  'hUsCuZ9++kly5cpluCZOnGhcfSgCfhFQhQsDudKlSxsurJdPnjwx/jT50B+V4giowoUBccmSJQ3XyZMnZcOGDcavD0XADwIRK1wgEJBAILbprbfeiug3fPXV',
  'Vw62WbNmdWQ/+eQTJz4pD8raokUL+e+//wSDzA8//CAFChSQNWvWxBM9cuSIk38gEAjpJ49AIHR6IJC6aYMGDYr3uzQQh0DEChcnps9IELh48aLkyJFD+vXr',
  'J9u3b5fbt2/L8ePHZdmyZZIvXz6zFRFJfsobuwhErHCrV6+WSMgaHD799FNHbv78+bJw4UInPHToUAfBdu3aOfHB5VSqVMnho7Ha9NmzZ3vKcHLECkydOtXh',
  'GTZsmOO3eSTlvvvuuyarQoUKObKUayKTeKxcuVIY4dhYnzJlily7dk0WLVokn332mTx48EBq1aolDx8+NLkwmgbX5YMPPjBp7rLHjRvn1CN//vwmHT4rC8YL',
  'FixweGy8devXr29keMyZM8fwIWP9li8pt2HDhmRhaNKkSSYfZEqVKmXi9BEfgYgVLmfOnJIzAvr4449NiZzcsHJFixYVTnbY8N9//214ePz8888h86cxwgNx',
  'GsTKlyhRIoEMaeXKlYPVEA2aOKhq1aqe/KSFoldeecXkQ8dheZhemsgkHqdOnTIcjGbly5cXFAPlGTJkiIlHGelACDDdtflb97XXXiNJ3GWXLVvW+Q3EwwCf',
  'lQHjIkWKODw23roVK1ZExJDFBhnOkVqecNzvv//e5MEjY8aMTnlff/01UUpBCESscEHyL3Tw22+/depHo3YCUfawtUCR69atk/Pnz+M1RIM2nqePbdu2PX1G',
  '7//HH390Cjt37pzjV0/KIpCmFY4e38J3//596426y7T6iy++kEuXLgkjeMGCBaVt27by0UcfmfObVIhpJm606O7du05Rbr8TqZ4UQSBNKxzGCosajdv6o+0y',
  'rR47dqy89957cvPmTXMuk/US9bBrQ+IJR4vcI+qXX34ZrWJf+nLSjMJduHBBOnbsKKznunXrJnfu3BGmcPYN//HHH9br6XJ0a9SoUdKmTRthfcR6y023bt3y',
  'lAs3ki2A06dPm2s/tWvXFtZLyKZLF/cKHj9+TPC5E4qMwQgz/d69e03+jPZ9+/Y1fsrPnj278Xs9Ll++LDNnzpTevXtLnTp1hNHZjcvIkSO9xGI6LiUrH/e2',
  'Iyzh6NGjpmG6gQ/lX79+fYS5+2NH2bp37y5z584Vzj/WqFFDUDxyowcPZeDYtGmT/PXXX5IlSxZjLaRhzZgxQ1asWBGPMCyQV3IIYwmWU+7c2ZsIyckvHFmM',
  'UxhqGjduLBkyZJDBgwebTsmeC8VC+s033yTI6t69e8K+IevgMmXKmPc9YsQIMzq7sTlw4EACWY0IjYAvhWvUqJHp8dzAh/Iz8oQqnpdOr8klT8vDXlUo5UUR',
  'LF+wG7wOwfxuDRRsEtPwgvOlAbK+2rVrl9DTZ86c2dyH405cML366qvBRcZE+PDhw049GfV5d4sXLzZxdDJ9+vQxfveD0ZYtGN4FuGIFDcbDhn/99Ve3qPqT',
  'QMCXwvFCgvPF6mVfgtv9/PPPg1mdcLFixYRec/PmzU7c7t27440sbkU+duyYwxfsIa/gOBum0bnzsX7WMTQo1lhbt241x7a4D+dFKK3NL7kuU8sOHToI+2dX',
  'rlwx2XHfLrhDsOHr168bHj8P8giWS58+vTCl5JQLe4PB6Vy6ZRpJPJ+cOHv2rNmc98KFERI+pfAQ8KVwVapUSZA7e15eLyTUVI4MvBrxn3/+GXKU4TgUcl7E',
  'tMddFr035x737NkjkydPlq5du5rvlbAhS4fAESubD43/33//tcEUd1u1aiU9evQwjRiFp8AzZ86E7GjYHIfHD/Xs2dNssFtZNrzpgJguhhq1eY/wM7IxBQ3F',
  'B49SZAj4Ujg2TWng7qKstc0dl5Tf69MFfLyHF+5FwWW68w8EAkaxML8Tz8jxyy+/yO+//y4VKlSQTp06CSda6LnJm4YIH/Tdd9/hRI1sHd0FslFMR+BF7u0N',
  't0wYfiFfTsS8/fbbhp0jZawlTSDEg6NnJLG2sxv+hJWSj4AvhaNY7oZZhWFaYq1upIVL9PSsFdz8THfc4Uj8NBCMJpzWOHTokDDqYpHzysOtZPB68aRUHNM0',
  '6ujOn5MndARelJSCuPPx8rM2HTBggEli/cZ7S+yaEYYSmA8ePKgfUAKI50i+Fe6NN96Q0aNHCy+ONQZTwUjrRc+N4nLE6bfffhM73Ys0Hzc/hhDyxAjCWg0L',
  'nddXt9iAtgt+vlmSnGmbu/xw/JTNUS73+tbWJRx5PzystRo0aGBEwYdlgRcuMHAkDJctBc5H4ld6Pgj4VrjnU3xcLvXq1RP2iJjuea3r4rjCf6K4WNiQYDpF',
  '4/Iy67PnBg/fpHRPMYlLaWK9yc0BrIRsEdSsWTOlixT24pheUxBKx9IA8z9hN7GXyVScuPbt28c7jkackn8EXgiF81/90JJsNdCrw4HRhM3s4FGMQ8yMgPB0',
  '6dLFrPHwR4vYH2zZsqX5WBHT8pQul1Gf0dx+GGnatGnCVPbGjRvximb2Ah/rPow5bNqzAR6PSQO+EIghhYv892EksY2LaydsHQSfGOGaC4YKcseCF+2RjnKj',
  'SVgcUSb24yiXqzTc1UOxCFvCasu+J9N+tmrgweBi09X1h0CaVjgsbO7GtWTJEsmTJ49z9wzI6M35VoldtzCFatasGUlplgKBgJleshfHj9yxY4dgWDlx4gRB',
  'hxj9uFOHBXr//v3mNA5bCg6DeiJGIE0rHGgEAnGNy/bo1apVE3p50ixhMZw1a5a5fY2VFOumTUvLLntxnB9lqklHZK2T7t/M5jzYcJ8xV65cktheqFtO/d4I',
  'pLjCTZ8+3VgyOV3hXYXwYznniFUUevPNN8MXfMqJwYCb1xwlexpM8E+DYtqJWT5TpkwJ0rk+Q7lMQRMkpnAE66fEyp4wYYLBGL5Iq8KZ01WrVsmYMWPM8TYv',
  'eU6rMPWkHGYNbh5mA9QNsvf+3Onqj49Aiitc/OJSN5Q7d+5EK4CRwH0CJVHmNJTI+oxRLrGfxMmdYGVLjP/FSntxavNSKdyLA7vW5GVFQBXuZX3z+rtTBQFV',
  'uFSBXQt9WRFQhXtZ37z+7lRBQBUuVWBPRqEqGtMIqMLF9OvTyscaAqpwsfbGtL4xjYAqXEy/Pq18rCGgChdrb0zrG9MIpKrCxTRyWnlFwAcCqnA+QFMRRcAv',
  'AqpwfpFTOUXABwKqcD5AUxFFwC8CqnB+kVO5VEUgVgv/HwAA//9evVedAAAABklEQVQDAFjGWXlvWYlUAAAAAElFTkSuQmCC',
].join('');

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
  let warming: Promise<void> | null = null;

  const start = async (): Promise<void> => {
    const langPath = await prepareTraineddata(
      opts.cacheDir,
      Object.values(TESSERACT_LANGUAGES).map((l) => l.tess),
    );
    const p = new TesseractPool({ langPath, maxWorkers: OCR_MAX_WORKERS, timeoutMs: OCR_TIMEOUT_MS, log: opts.log, engineId: 'ocr-tesseract' });
    await p.warmUp(
      OCR_WARM_LANGUAGES.map((c) => TESSERACT_LANGUAGES[c]!.tess),
      Buffer.from(EXAMPLE_PNG, 'base64'),
    );
    pool = p;
  };

  const warm = async (): Promise<void> => {
    if (pool) return;
    warming ??= start().finally(() => {
      warming = null;
    });
    await warming;
  };

  return {
    id: 'ocr-tesseract',
    task: 'ocr',
    languages: Object.keys(TESSERACT_LANGUAGES).map((sourceLanguage) => ({ sourceLanguage })),
    card: {
      name: 'Tesseract OCR (reference)',
      description:
        "Google's Tesseract 5 LSTM line recogniser, compiled to WebAssembly by tesseract.js, with the tessdata \"best_int\" models for Hindi, Marathi, Bengali, Tamil, Telugu, Gujarati, Kannada, Malayalam, Punjabi, Odia and English, loaded from the installed npm packages. It segments the page into lines and reads each with the model of the requested language (config.language.sourceLanguage, or the first of config.languages). Best on printed text: clean scans and screenshots.",
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
    exampleRequest: { image: [{ imageContent: EXAMPLE_PNG }], config: { language: { sourceLanguage: 'hi' } } },
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
      await warming?.catch(() => undefined);
      const p = pool;
      pool = null;
      await p?.close();
    },
  };
}

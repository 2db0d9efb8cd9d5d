/**
 * What the two tesseract.js reference engines (ocr-tesseract, img-lang-tesseract) share
 * (docs/product.md#reference-models): the traineddata packages and where they are unpacked, checking image bytes before
 * tesseract sees them, a pool of long-lived workers with a time limit per call, and output clean-up.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { imageSize } from 'image-size';
import Tesseract from 'tesseract.js';
import type { ImageFile } from '@ulca/contracts';
import { EngineInputError, type EngineOptions } from '../engine.ts';

const require = createRequire(import.meta.url);

/** Served OCR languages: ISO 639-1 code → tesseract traineddata code, the package it comes from, its script (ISO 15924). */
export const TESSERACT_LANGUAGES: Readonly<Record<string, { tess: string; script: string; name: string }>> = {
  hi: { tess: 'hin', script: 'Deva', name: 'Hindi' },
  mr: { tess: 'mar', script: 'Deva', name: 'Marathi' },
  bn: { tess: 'ben', script: 'Beng', name: 'Bengali' },
  ta: { tess: 'tam', script: 'Taml', name: 'Tamil' },
  te: { tess: 'tel', script: 'Telu', name: 'Telugu' },
  gu: { tess: 'guj', script: 'Gujr', name: 'Gujarati' },
  kn: { tess: 'kan', script: 'Knda', name: 'Kannada' },
  ml: { tess: 'mal', script: 'Mlym', name: 'Malayalam' },
  pa: { tess: 'pan', script: 'Guru', name: 'Punjabi' },
  or: { tess: 'ori', script: 'Orya', name: 'Odia' },
  en: { tess: 'eng', script: 'Latn', name: 'English' },
};

/** Version strings for the cards, read from the installed packages. */
export const TESSERACT_JS_VERSION = (require('tesseract.js/package.json') as { version: string }).version;
export const TESSDATA_VERSION = (require('@tesseract.js-data/hin/package.json') as { version: string }).version;

/** The largest image accepted: 8 MB of bytes, 10,000 px a side, 25 megapixels (tesseract's wasm heap is the limit). */
export const IMAGE_LIMITS = { maxBytes: 8 * 1024 * 1024, maxSide: 10_000, maxPixels: 25_000_000, minSide: 8 } as const;
/** Formats checked to decode in tesseract.js-core's Leptonica (image-size type names). */
const IMAGE_TYPES: ReadonlySet<string> = new Set(['png', 'jpg', 'webp', 'bmp']);

/**
 * The image bytes of one ULCA ImageFile, checked: base64 `imageContent` (a `data:image/…;base64,`
 * prefix is accepted), at most 8 MB, a PNG, JPEG, WebP or BMP whose header gives a sane size.
 * @throws EngineInputError for `imageUri` only (the platform's proxy downloads URIs before calling),
 *   bad base64, too large, not an image, unsupported format, or dimensions beyond IMAGE_LIMITS.
 */
export function decodeImage(file: ImageFile): { bytes: Buffer; width: number; height: number; type: string } {
  if (file.imageContent === undefined) {
    throw new EngineInputError('This engine reads the image from imageContent (base64); imageUri is not fetched here.');
  }
  const b64 = file.imageContent.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (b64.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) {
    throw new EngineInputError('imageContent is not valid base64.');
  }
  // Checked on the encoded length so an oversized upload is never decoded.
  if (Math.floor((b64.length * 3) / 4) > IMAGE_LIMITS.maxBytes) {
    throw new EngineInputError(`The image is larger than ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`);
  }
  const bytes = Buffer.from(b64, 'base64');
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    throw new EngineInputError('imageContent is not an image: give a PNG, JPEG, WebP or BMP file.');
  }
  const { width = 0, height = 0, type = '' } = size;
  if (!IMAGE_TYPES.has(type))
    throw new EngineInputError(`Images of type ${type || 'unknown'} are not read: give a PNG, JPEG, WebP or BMP file.`);
  if (width < IMAGE_LIMITS.minSide || height < IMAGE_LIMITS.minSide) {
    throw new EngineInputError(`The image is ${width}×${height} pixels: too small to hold text.`);
  }
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide || width * height > IMAGE_LIMITS.maxPixels) {
    throw new EngineInputError(
      `The image is ${width}×${height} pixels; the limit is ${IMAGE_LIMITS.maxSide} pixels a side and ${IMAGE_LIMITS.maxPixels / 1e6} megapixels.`,
    );
  }
  return { bytes, width, height, type };
}

/**
 * Unpacks the LSTM ("best_int") traineddata of `tessLangs` from their npm packages into one folder
 * under `cacheDir` (tesseract.js takes a single langPath, and each package is its own folder), once;
 * later starts reuse the files. Writes through a temporary name so a crash leaves no half file.
 * @returns the folder, to pass as langPath and cachePath.
 */
export async function prepareTraineddata(cacheDir: string, tessLangs: readonly string[]): Promise<string> {
  const dir = path.join(cacheDir, `tessdata-${TESSDATA_VERSION}-best_int`);
  await fs.promises.mkdir(dir, { recursive: true });
  for (const lang of tessLangs) {
    const target = path.join(dir, `${lang}.traineddata`);
    if (fs.existsSync(target)) continue;
    const pkgDir = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const gz = await fs.promises.readFile(path.join(pkgDir, '4.0.0_best_int', `${lang}.traineddata.gz`));
    // Unique per call: both tesseract engines may unpack into the same folder at once.
    const tmp = `${target}.${randomUUID()}.tmp`;
    await fs.promises.writeFile(tmp, zlib.gunzipSync(gz));
    await fs.promises.rename(tmp, target);
  }
  return dir;
}

/** A small PNG (270×56, "मेरा देश भारत है" in black on white) base64: the OCR engine's example request (and health check), and the image each worker reads once in warm(). */
export const SAMPLE_HINDI_PNG = [
  'iVBORw0KGgoAAAANSUhEUgAAAQ4AAAA4CAYAAAAM5RahAAAQAElEQVR4AeydBZTcNhOAxylzytxe6ZXblLm9MrdX5jZlZuZLmZv2lZlfOZwXZmZmZmbGP59S',
  '7e/b8/rWe9qN93byMpZWkkfyyB6NBnTVVus/pYBSQCkQkQLVRP8pBZQCSoGIFFDGEZFg2lwpoBQQUcahb4FSwDEFCgGdMo5CmGV9RqWAYwoo43BMUEWnFCgE',
  'CijjKIRZ1mdUCjimgDIOxwRVdOEU0NqqQQFlHFVjHvUplAI5pYAyjpySWztTClQNCijjqBrzqE+hFMgpBZwxjtatW8ubb74pN910k1x11VVSq1YtmTJlSk4f',
  'Jkpn06dPl2+//VaeeOIJueSSS+Tee++VunXrRkHhvK0idEOBlStXSoMGDeS7776Tt99+W7755hvp1q2bG+SKxVDAGeP4888/5bnnnpNffvlF/v77byktLZX9',
  '9ttPvv/+e9NR3C7Lly+XO+64Q95//33zkn3xxRdy2WWXydlnny0zZ86M23B1PBEosN5665l38fbbb5dnnnlG7rzzTjnuuOPkkEMOke7du0fApE1TUcAZ47j4',
  '4otll112kbPOOkuOOuoo09+CBQvktttuM5zfFMTowlhPOOEEOfnkk+XMM8+U6tWrm9G1aNFCTjrpJFm8eLH5rZf8pMDll18uRxxxhDz66KNy5ZVXypZbbikD',
  'Bw6U4uJi6d+/f34+VIxG7Yxx8PGNGDFCmjdvLj169DDblGuvvdY8KtuBOG5bGjVqJO3btxeYxYwZM4zkscUWW8jQoUPltddeM2PXS35SgK1yr1695IMPPpC/',
  '/vpLxo0bZ6TJRYsWyX333ZefDxWjUTtjHBtttJFssskmiUfbcccdzTZlr732ktmzZ5sJTFRmkMnGLVtvvXUCLeLtRRddJO+9954pq127tm5ZDCXy7zJr1iwj',
  '5b766qvyxhtvSL169cxcsoXec889pUOHDtK4ceP8e7AYjdgZ4wh6po033lief/55U/XTTz/J0qVLTT7OF/bF++yzj7AyxVU/E2f6xWFsH330kTCPL730knn/',
  'SkpKhDm95pprjBKcMX711VckChlSIKuMgzExWZtvvrlMnTpV6tevT1GsAcnjhhtuMGNE0WsyeskrCmDZq1atmpxyyilG54be7dBDD5UmTZpI27ZtjWSMFIJl',
  'La8eLEaDzTrjgGlceOGF5pHzgXEwUJRppH379jX6DvIK+UOBfffdVyZNmiTt2rUzOjf0bv369TPmd/JW8Q0jyZ+nysJIK4Ey64yDsZ133nkkZq+5bNkyk4/z',
  'hdWpqKjIDPHff/81qV7yiwLo2JJHjIXvs88+SxQr40iQInImMuPwPE88LxrceuutZmDz588XlKiet/b+PfbYIzKurbbaKvSeDTfc0PSV6tKmTZvQ+z1v7djG',
  'jBljUOCb4nlryzxvbXrYYYeZOi4rVqyQr7/+2ph1d9hhB+GFRcn6888/C45ItAGWLFlSYb/nn38+TdOC3377TTCB77bbboKSF9PjY489JgsXLixzf82aNSvs',
  '1/PWPpfnpU632267yHgYm+elxul56df16dOnzHMl//C89HDdddddiVuhoef9/7533nknUaeZcApEZhzh6Aqv9pFHHhFexo4dOwp75mnTpglm3ptvvlmOPfZY',
  'mThxonOivPXWW4IepmHDhgb/nDlzhA/rww8/lJKSElm1apXzPhWhUsBPgciMA9dyP2A5ASGrrL/cn+dFpw3w7rvviq375JNPEnlbZtOWLVsKPhXcc8UVVyTa',
  'IWraNqzw1J9++umJevawlKWCGjVqJNpaPEHpgQceaFAcfvjh5drjwkzlqFGj5NNPPyUrTz31lIwePVrGjh0rL7/8sinDj6BmzZqyevVqQRKy/eDqbhqsueDj',
  'Ysv9dFpTlfI/0gyVuPYPHjxYGAfekZThk/Lll1+SNfD000+XGf/DDz9syrn8+uuviTo8fxkH1i/qANpSBvjpzm8/pDNX/vZh+VNPPZWuZeedd06MjfboLUxF',
  'igtt0oUHHngggcVPA+t3ZCr1EkqByIyjuLhYin2A9poeENH95f48rr60AdAf2DpiRGw+OT3jjDOM+M89fBi2npXW5vkYqd92220TYzrttNMoSgl4iNr7w1KU',
  'uiDB4zC5HZIEdb179yYxDI6YiKKiImH7VVpaKo8//rip40Nu1aqVQCeL58gjjzR1XHDLt+UwKcoqAhztaPPss8/KAQccIPjKYF60eP3WIBigxU+69957c6sB',
  'noMyACZEeswxx5g6LrSlDLj66quFNAhSzVXY/AbhoWybbbaha2FB4rcFOx+mMuBi26WTQi+Lwk8D5s6WaxpOgciMIxyd21peXDBOmDCBJHaw0047mTGhV8DJ',
  'zfz47/Liiy/Kpptuan5h+jMZR5eDDjrIYKpTp45J7cUyTeIxiMWx5blI4z5XuaBBIfURa8aBQpHJsOYz8tmCnj17Gk/XF154QRBZhw0bVmFXKCSRdtApEDA3',
  'd+7cxD0oce0H7prxIR3QEZ6RNWrUMBHJeEOijKQcpoEimnyuIJdzVdEzoZT+559/BInsxhtvlHPOOce4mxPACKDMrgiH1odTINaMg5WT4e++++4kWQHCrxHn',
  'jz76aBOQ9/rrr8sff/whfiaQqmMkCquJx2xL4Bz6FmIhYHYbbLCBuZW8yTi6EPFpLTD4mrA1GT9+fELCoRsCDEmzAgFIczFXAd2WK5o3b54wB/jioDNCh4He',
  'iy2jhSFDhpS7TwuiUSAWjKNPnz6CRQDR27ql8yHitMPj8CKQugYCoNiH2xcJZStehn5gRQ/rF98A9Bvbb7+9cVPH3ItOg7gddDPcS3wEqStAX0KsBf3ARK67',
  '7jrZf//9jR7F9oEUZPMu08rOFZIcjK5WrVpGUkIC8EPnzp0rNVwYP4GLIIHu/rkMyjNPtFWIRoF1zjiaNm1qwp/xQSAUGt8EPmhEfx4FpRgmT/IuYfjw4YLF',
  'AZzVq1c3XoVE8LI6+eHjjz+mSShgUSGiFukFMZiVDg0/bvbciMKO1DXAUDk8CX8Eqxh13YcfX2XmavLkyXLppZcaBodLeOkaBTIMxEoBNrU08/cbJU9kNu1h',
  'GoMGDUp4jvrn1J/fddddaa4QkQIZMQ7EYpR/7B3t3paXyr9y+PMEG6Ua18iRI8tUMalYJFA2YjXBZIvloUwjBz/4wHHeAhV5JAfP8/iZEeCEhUkahnfBBRcI',
  'uhIQYW1CbCaf75DpXHFkAczThhxgWQta/SmDXpWhE1Yw7ufdUWkCSmQHMmIcTz75pDmvgo/cisQoAO2qkZziz5Bq+JzjEVTHS8TqccsttwRVV7rMbk9QKOIn',
  'kglC9CAcT8fKibQCjkWLFgkKuU6dOvFTkKTWX399k8/WBUUg5lK/dIQDmp952zwnnWU6jkznCgc5tij0i58IW1DenSDgcCXaZQq8N9yLREmULLoXzlbBjI9E',
  'y8E+jIHQe9opZEaBjBhHECfnA2TSgiBMjGZvjvbbDh+zHvt3XipWJlvuOrWSEo5Gnhdd0kAJhyRE+DaiNz4ASC2Eb3NwDOMlRgcmSz5bMGDAAHPCFX1ywpXt',
  'h31+MgPnNw5jtk3UNJO5wvnNxoTw4UKrqP1GaY/Ed+KJJ5pbYBL4aSAds51Dh1a7dm1hMeJ9ZZvH+ExjvUSiQEaMw8ae+Hs699xzU+4nX3nlFX/TcnlWBLvq',
  'c1KTtUaUa+iwwPpg8CHZLUsyeg5+QfGI1EA7fz0eoriY2zJMoJzfYSUPXmAkAc+LzpQsznRSRPsgevlDyv3MHAtSOnhTtYk6VwQ1WqsSeodUeF2VIwFzNIIf',
  'H3E2nDmK+dx6IzMm4pAwafvbaj49CmTEOHALRveAdt92g9+CzUdNwfPDDz8Ifg98xDARtilR8URpb52lMFuijE2+F0Un/hK///67sfiwcvn3+LhAA8n38Rup',
  'iZOnMNfyO5uANSeIkbN9QmpLhnvuuadSw4k6VwQ1WoZhtyuVGkAFN3OCG9IWzdgycr4oDL5Lly7ClpntJZIZOhfaIHVkI54I3FUZMmIcEOT+++83EgbuxtYH',
  'gvJQCKnEesIKz+rANgDFa2VNcyHdCZIEHzht2CphYfFr9DnPgToLMBiC1+xvtmvsn4m94WXt2rWrOSQGCQAzLIcgE7ti22czhYn7mQc0zKa1IOpcoTTm+Ylp',
  'se7y/HYNSBuff/65QYvE9eOPP5qTzU3BfxfP88wChVWHIras2V6k6KeqQcaMA0LANHgZ+IAOPvhgiioFiNGs9EgvWFWwTmDWrBTSFDcjDRCshjWEFw5HLrYv',
  '7H156Yj9SL51s802K1OEGZcgNaxASCRIYs2aNRPGz+rKAUa5+FMLbFVQ0uL7wrYQp6dkcb3MwB38iDJXDz74oIk94SNlwUGqdDCEcihg/Jh9qeDdRDoiHwRI',
  'arY827Sy/VSltFKMIxuEOP74481BsrhyEy4O80CplY2+8IPA1dx6YdIHYivu24i1/LZQVFQkKPfs71QpZ3UQacpLi14EBzPr1JbqHlfl/F0YFIFIa65whuFJ',
  'd65QqmLhABeMFQUpbuH8dglIWtaCZXUZQfhhXDaqmXq2yKQK6VMgdoyDoaMVxwKAxYNVig+W7QB1roFISaw4KGVJ8TxEt4FC0UaK8jJyDB3SSTr98+EiwdAW',
  'syzmSPJVEdKdK2hg/XnQG6HH4kBolzRB8kISAifWJtJkwMKDkpRjAqhjHHbLyu/8g3Uz4lgyDkiBqzd6A2uSxaxpT0yn3jUQD4PkgaYdiQGlItskRFpWKJSd',
  'Ufpk+3L99debW/AbQPlrflTBS7pzhZs5AAmIGGY7gTWK366Aw7HBhUUrWU9FOVtIy1TQzQUpxmmnEE6B2DIOhs3HTDwG+gPEUFYHynMF6DRQnNIfjlNID+TT',
  'BTxS2bqgwecZ0r0vH9ulO1dIHVYxiUIXKcHl83L4EMGGRAfj9JUs1WBp4dwTtk5sSfG/cdl/oeDKCeNASYijDYC/RxTiwjBY/RExkx3JcH0HJ85PUXBGactp',
  'UfZPWhL1Sn/p3o8CFuUxkot/H80KDR4AET5dfC7aPfTQQ+ZEMvoOMidzMBB1AG2j9Bk2V348nJDWpk0bufvuu/3FJo8+i76xTJmCiBcsPugv0DHRBxYdTLAW',
  'DQcFEajHs2EqtuWaRqNAThhHtCGVb038gf14y9dmt4QVERMfIjZMwPOiOXTxMWV3hPHCnu5cWT+abIy+pKTE/IV6ERGYNqZxfDey0Veh4swLxrGuJwclKSI2',
  'lp51PRbtPz0KsA1Cr4RiG50GSlwsOundra0qooAyjooopPV5SwFiUtjiYg3DnI41JW8fJmYDV8YRswnR4bilABG96Dow72Mhc4u9cLEp4yjYuS+cB8eypUzD',
  '7Xwr43BLT8WmFCgICijjKIhp1odUCrilgDIOt/RUbEqBgqCAMo7AadZCpYBSIIwCyjjCqKN1SgGlQCAFlHEEkkULlQJKgTAKKOMIo47WKQWUAoEUyIBxoW7T',
  'NAAAACdJREFUBOLRQqWAUqCAKKCMo4AmWx9VKeCKAso4XFFS8SgFCogC/wMAAP//rv9m6gAAAAZJREFUAwAFFMPeGy/rrgAAAABJRU5ErkJggg==',
].join('');

/** Leptonica's message when it cannot decode the bytes (truncated or corrupt file). */
const UNREADABLE = /read image|pix not read|Unknown format/i;

interface Slot {
  key: string;
  worker: Promise<Tesseract.Worker> | null;
  /** Calls run one at a time per worker; the chain lets a timed-out call restart the worker for the next. */
  tail: Promise<unknown>;
  busy: number;
  lastUsed: number;
}

/**
 * Long-lived tesseract.js workers (one wasm instance in a worker thread each, ~25–60 MB per
 * language), keyed by their language list ("hin", or "hin+ben+…" for a multi-language worker).
 * Workers start on first use or in warmUp(); beyond `maxWorkers` the least recently used idle one
 * that is not pinned is terminated. A call that exceeds `timeoutMs` terminates its worker (a wasm
 * loop cannot be interrupted otherwise) and the next call starts a new one.
 */
export class TesseractPool {
  private readonly slots = new Map<string, Slot>();
  private readonly pinned = new Set<string>();
  private closed = false;

  constructor(
    private readonly opts: { langPath: string; maxWorkers: number; timeoutMs: number; log: EngineOptions['log']; engineId: string },
  ) {}

  /**
   * Starts the workers for `keys` now and keeps them (never evicted). With `sample` (image bytes
   * with some text), each reads it once: a worker's first recognition allocates the LSTM's buffers
   * and is several times slower than the next, and the first caller must not pay for that.
   */
  async warmUp(keys: readonly string[], sample?: Buffer): Promise<void> {
    for (const key of keys) {
      this.pinned.add(key);
      const worker = await this.workerOf(this.slotOf(key));
      if (sample) await worker.recognize(sample);
    }
  }

  /** Number of live workers (for logs and tests). */
  get size(): number {
    return [...this.slots.values()].filter((s) => s.worker).length;
  }

  /**
   * Recognises the text of checked image bytes with the worker for `key`.
   * @returns tesseract's text (lines separated by \n) and its mean confidence (0..100).
   * @param timeoutMs this call's time limit (default: the pool's).
   * @throws EngineInputError when Leptonica cannot decode the image; Error on time-out or a closed pool.
   */
  async recognize(key: string, image: Buffer, timeoutMs = this.opts.timeoutMs): Promise<{ text: string; confidence: number }> {
    if (this.closed) throw new Error('The OCR engine is closed.');
    const slot = this.slotOf(key);
    slot.busy++;
    const job = slot.tail.then(async () => {
      const worker = await this.workerOf(slot);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          this.kill(slot, 'time-out');
          reject(new Error(`OCR took longer than ${timeoutMs / 1000} s and was stopped.`));
        }, timeoutMs);
      });
      try {
        const res = await Promise.race([worker.recognize(image), timeout]);
        return { text: res.data.text, confidence: res.data.confidence };
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        if (UNREADABLE.test(msg)) throw new EngineInputError('The image could not be decoded (corrupt or truncated file).');
        throw err instanceof Error ? err : new Error(msg);
      } finally {
        clearTimeout(timer);
      }
    });
    slot.tail = job.catch(() => undefined);
    try {
      return await job;
    } finally {
      slot.busy--;
      slot.lastUsed = Date.now();
      this.evict();
    }
  }

  /** Terminates every worker; later calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.slots.values()].map((s) => s.worker).filter((w) => w !== null);
    this.slots.clear();
    await Promise.all(workers.map(async (w) => (await w.catch(() => null))?.terminate()));
  }

  private slotOf(key: string): Slot {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { key, worker: null, tail: Promise.resolve(), busy: 0, lastUsed: Date.now() };
      this.slots.set(key, slot);
    }
    return slot;
  }

  private workerOf(slot: Slot): Promise<Tesseract.Worker> {
    if (!slot.worker) {
      const t0 = performance.now();
      slot.worker = Tesseract.createWorker(slot.key.split('+'), Tesseract.OEM.LSTM_ONLY, {
        langPath: this.opts.langPath,
        cachePath: this.opts.langPath,
        cacheMethod: 'readOnly',
        gzip: false,
        // Without a handler tesseract.js rethrows a failed job from its message listener, which
        // would be an uncaught exception; the job's promise still rejects, and is handled there.
        errorHandler: () => undefined,
      });
      slot.worker.then(
        () =>
          this.opts.log.info(
            { engine: this.opts.engineId, langs: slot.key, ms: Math.round(performance.now() - t0) },
            'tesseract worker started',
          ),
        (err: unknown) => {
          this.opts.log.error({ engine: this.opts.engineId, langs: slot.key, err: String(err) }, 'tesseract worker failed to start');
          slot.worker = null;
        },
      );
    }
    return slot.worker;
  }

  private kill(slot: Slot, why: string): void {
    const w = slot.worker;
    slot.worker = null;
    this.opts.log.warn({ engine: this.opts.engineId, langs: slot.key, why }, 'tesseract worker terminated');
    void w?.then((x) => x.terminate()).catch(() => undefined);
  }

  private evict(): void {
    const live = [...this.slots.values()].filter((s) => s.worker);
    const excess = live.length - this.opts.maxWorkers;
    if (excess <= 0) return;
    live
      .filter((s) => s.busy === 0 && !this.pinned.has(s.key))
      .sort((a, b) => a.lastUsed - b.lastUsed)
      .slice(0, excess)
      .forEach((s) => {
        this.kill(s, 'least recently used');
        this.slots.delete(s.key);
      });
  }
}

/**
 * Tidies tesseract's text: drops the zero-width non-joiner it appends after Tamil (everywhere)
 * and Malayalam/other viramas (at word ends), trims lines and drops empty ones.
 */
export function cleanOcrText(text: string, tessLang?: string): string {
  let t = tessLang === 'tam' ? text.replace(/\u200c/g, '') : text.replace(/\u200c(?=\s|$)/gu, '');
  t = t
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
  return t;
}

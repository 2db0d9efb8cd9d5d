/**
 * What the two tesseract.js reference engines (ocr-tesseract, img-lang-tesseract) share (issue #12,
 * DESIGN.md §11): the traineddata packages and where they are unpacked, checking image bytes before
 * tesseract sees them, a pool of long-lived workers with a time limit per call, and output clean-up.
 */
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
const IMAGE_TYPES = new Set(['png', 'jpg', 'webp', 'bmp']);

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
  if (!IMAGE_TYPES.has(type)) throw new EngineInputError(`Images of type ${type || 'unknown'} are not read: give a PNG, JPEG, WebP or BMP file.`);
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
    const tmp = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, zlib.gunzipSync(gz));
    await fs.promises.rename(tmp, target);
  }
  return dir;
}

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
   * @throws EngineInputError when Leptonica cannot decode the image; Error on time-out or a closed pool.
   */
  async recognize(key: string, image: Buffer): Promise<{ text: string; confidence: number }> {
    if (this.closed) throw new Error('The OCR engine is closed.');
    const slot = this.slotOf(key);
    slot.busy++;
    const job = slot.tail.then(async () => {
      const worker = await this.workerOf(slot);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          this.kill(slot, 'time-out');
          reject(new Error(`OCR took longer than ${this.opts.timeoutMs / 1000} s and was stopped.`));
        }, this.opts.timeoutMs);
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
        () => this.opts.log.info({ engine: this.opts.engineId, langs: slot.key, ms: Math.round(performance.now() - t0) }, 'tesseract worker started'),
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

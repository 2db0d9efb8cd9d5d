// Real tesseract.js with the packaged traineddata: Hindi and Tamil lines rendered to PNG here (Chromium,
// Noto fonts), read back and scored by character error rate; bad images refused with the engine still usable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferenceResponseSchemas, type InferenceRequest, type LanguageCode } from '@ulca/contracts';
import { EngineInputError } from '../engine.ts';
import { engineRefusal } from '../../../test/engine-refusal.ts';
import { createOcrTesseractEngine } from './ocr-tesseract.ts';
import { TesseractPool, cleanOcrText, prepareTraineddata } from './tesseract-support.ts';
import { characterErrorRate, startTextRenderer, type TextRenderer } from '../../../test/render-text.ts';

const log = { info() {}, warn() {}, error() {} };
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-tesseract-'));
const engine = createOcrTesseractEngine({ cacheDir, log });
let renderer: TextRenderer;

const HINDI = ['भारत एक विशाल देश है जहाँ अनेक भाषाएँ बोली जाती हैं', 'किसान खेतों में धान की फसल काट रहे हैं'];
const TAMIL = ['தமிழ் மொழி மிகவும் பழமையான மொழியாகும்', 'மழை பெய்ததால் ஏரிகள் நிரம்பின'];

const req = (bytes: Buffer, sourceLanguage: LanguageCode): InferenceRequest<'ocr'> => ({
  image: [{ imageContent: bytes.toString('base64') }],
  config: { language: { sourceLanguage } },
});

beforeAll(async () => {
  renderer = await startTextRenderer();
  const t0 = performance.now();
  await engine.warm();
  const m = process.memoryUsage();
  console.log(
    `ocr-tesseract warm-up ${(performance.now() - t0).toFixed(0)} ms (traineddata unpacked on first start), rss ${(m.rss / 1e6).toFixed(0)} MB after warm()`,
  );
});
afterAll(async () => {
  await renderer?.close();
  await engine.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('ocr-tesseract', () => {
  it.each<[LanguageCode, string[], string]>([
    ['hi', HINDI, 'Noto Sans Devanagari'],
    ['ta', TAMIL, 'Noto Sans Tamil'],
    // English is read as English when asked (the try panel sends the chosen language), not with the Hindi model.
    ['en', ['The quick brown fox jumps over the lazy dog'], 'Noto Sans'],
  ])('reads %s lines rendered to PNG with a low character error rate', async (lang, lines, font) => {
    const png = await renderer.png(lines, font);
    const t0 = performance.now();
    const res = await engine.infer(req(png, lang));
    const ms = performance.now() - t0;
    expect(inferenceResponseSchemas.ocr.safeParse(res).success).toBe(true);
    const text = res.output[0]!.source;
    const cer = characterErrorRate(lines.join('\n'), text);
    console.log(`ocr ${lang}: CER ${cer.toFixed(4)} in ${ms.toFixed(0)} ms: ${JSON.stringify(text)}`);
    expect(cer).toBeLessThan(0.15);
    expect(text).not.toContain('\u200c');
    expect(text.split('\n')).toHaveLength(lines.length);
  });

  it('answers its own example request (the health check) with Devanagari text', async () => {
    const res = await engine.infer(engine.exampleRequest);
    expect(res.output[0]!.source).toMatch(/[\u0900-\u097f]/);
    expect(characterErrorRate('मेरा देश भारत है', res.output[0]!.source)).toBeLessThan(0.2);
  });

  it('starts a language that is not warm on its first call (Bengali, with config.languages)', async () => {
    const line = 'আমি প্রতিদিন সকালে খবরের কাগজ পড়ি';
    const png = await renderer.png([line], 'Noto Sans Bengali');
    const res = await engine.infer({
      image: [{ imageContent: png.toString('base64') }],
      config: { languages: [{ sourceLanguage: 'bn' }] },
    });
    expect(characterErrorRate(line, res.output[0]!.source)).toBeLessThan(0.15);
  });

  it('refuses bad input with EngineInputError and keeps working', async () => {
    const good = await renderer.png([HINDI[0]!], 'Noto Sans Devanagari');
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    const corrupt = Buffer.concat([good.subarray(0, 64), Buffer.alloc(4000, 0x5a)]);
    const cases: Array<[string, InferenceRequest<'ocr'>]> = [
      ['not an image', req(Buffer.from('this is plain text, not a picture of it'), 'hi')],
      ['truncated PNG', req(truncated, 'hi')],
      ['corrupt PNG', req(corrupt, 'hi')],
      ['bad base64', { image: [{ imageContent: '***not base64***' }], config: { language: { sourceLanguage: 'hi' } } }],
      ['too large', { image: [{ imageContent: 'A'.repeat(12 * 1024 * 1024) }], config: { language: { sourceLanguage: 'hi' } } }],
      ['imageUri', { image: [{ imageUri: 'https://example.org/a.png' }], config: { language: { sourceLanguage: 'hi' } } }],
      ['unsupported language', req(good, 'ur')],
    ];
    for (const [label, request] of cases) {
      const err = await engineRefusal(engine, request, label);
      console.log(`ocr bad input (${label}): ${err.message}`);
    }
    // A blank page has no text to return.
    const blank = await renderer.png([' '], 'Noto Sans');
    await expect(engine.infer(req(blank, 'hi'))).rejects.toBeInstanceOf(EngineInputError);

    const res = await engine.infer(req(good, 'hi'));
    expect(characterErrorRate(HINDI[0]!, res.output[0]!.source)).toBeLessThan(0.15);
  });

  it('stops a call past its time limit and answers the next one with a new worker', async () => {
    const langPath = await prepareTraineddata(cacheDir, ['hin']);
    const pool = new TesseractPool({ langPath, maxWorkers: 1, timeoutMs: 60_000, log, engineId: 'test' });
    try {
      const png = await renderer.png([HINDI[1]!], 'Noto Sans Devanagari');
      await pool.warmUp(['hin']);
      await expect(pool.recognize('hin', png, 1)).rejects.toThrow(/longer than/);
      expect(pool.size).toBe(0);
      const { text } = await pool.recognize('hin', png);
      expect(characterErrorRate(HINDI[1]!, text)).toBeLessThan(0.15);
      expect(pool.size).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('keeps at most maxWorkers live workers, stopping the least recently used idle one', async () => {
    const langPath = await prepareTraineddata(cacheDir, ['hin', 'tam']);
    const pool = new TesseractPool({ langPath, maxWorkers: 1, timeoutMs: 60_000, log, engineId: 'test' });
    try {
      const hi = await renderer.png([HINDI[0]!], 'Noto Sans Devanagari');
      const ta = await renderer.png([TAMIL[0]!], 'Noto Sans Tamil');
      expect(characterErrorRate(HINDI[0]!, (await pool.recognize('hin', hi)).text)).toBeLessThan(0.15);
      expect(characterErrorRate(TAMIL[0]!, cleanOcrText((await pool.recognize('tam', ta)).text, 'tam'))).toBeLessThan(0.15);
      expect(pool.size).toBe(1);
      expect(characterErrorRate(HINDI[0]!, (await pool.recognize('hin', hi)).text)).toBeLessThan(0.15);
      expect(pool.size).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('measures one warm OCR call', async () => {
    const png = await renderer.png([HINDI[0]!], 'Noto Sans Devanagari');
    await engine.infer(req(png, 'hi'));
    const t0 = performance.now();
    await engine.infer(req(png, 'hi'));
    console.log(
      `ocr one-line Hindi call (warm): ${(performance.now() - t0).toFixed(0)} ms; rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
    );
  });
});

// Real tesseract.js (one model per script) + fastText lid.176: lines in eleven languages rendered to
// PNG here (Chromium, Noto fonts) must come back as their language and script; bad images are refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferenceResponseSchemas } from '@ulca/contracts';
import { EngineInputError } from '../engine.ts';
import { createImgLangTesseractEngine } from './img-lang-tesseract.ts';
import { startTextRenderer, type TextRenderer } from '../../../test/render-text.ts';

const log = { info() {}, warn() {}, error() {} };
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'img-lang-tesseract-'));
const engine = createImgLangTesseractEngine({ cacheDir, log });
let renderer: TextRenderer;

const CASES: Array<[string, string, string, string]> = [
  ['hi', 'Deva', 'Noto Sans Devanagari', 'मुझे सुबह की सैर करना और ताज़ी हवा में साँस लेना बहुत पसंद है'],
  ['mr', 'Deva', 'Noto Sans Devanagari', 'आज संध्याकाळी आम्ही मित्रांसोबत बाजारात जाणार आहोत'],
  ['bn', 'Beng', 'Noto Sans Bengali', 'আমি প্রতিদিন সকালে খবরের কাগজ পড়ি এবং চা খাই'],
  ['ta', 'Taml', 'Noto Sans Tamil', 'நான் ஒவ்வொரு நாளும் காலையில் பள்ளிக்குச் செல்கிறேன்'],
  ['te', 'Telu', 'Noto Sans Telugu', 'మా ఊరిలో ప్రతి సంవత్సరం పెద్ద జాతర జరుగుతుంది'],
  ['kn', 'Knda', 'Noto Sans Kannada', 'ನಾನು ಬೆಂಗಳೂರಿನಲ್ಲಿ ಒಂದು ಸಣ್ಣ ಮನೆಯಲ್ಲಿ ವಾಸಿಸುತ್ತೇನೆ'],
  ['ml', 'Mlym', 'Noto Sans Malayalam', 'ഞാൻ എല്ലാ ദിവസവും രാവിലെ പത്രം വായിക്കാറുണ്ട്'],
  ['gu', 'Gujr', 'Noto Sans Gujarati', 'અમે રવિવારે પરિવાર સાથે બગીચામાં ફરવા ગયા હતા'],
  ['pa', 'Guru', 'Noto Sans Gurmukhi', 'ਮੈਂ ਹਰ ਰੋਜ਼ ਸਵੇਰੇ ਗੁਰਦੁਆਰੇ ਜਾਂਦਾ ਹਾਂ ਅਤੇ ਪਾਠ ਕਰਦਾ ਹਾਂ'],
  ['or', 'Orya', 'Noto Sans Oriya', 'ମୁଁ ପ୍ରତିଦିନ ସକାଳେ ବିଦ୍ୟାଳୟକୁ ଯାଏ ଏବଂ ପାଠ ପଢ଼େ'],
  ['en', 'Latn', 'Noto Sans', 'The farmers are waiting for the monsoon rains to arrive this year'],
];

beforeAll(async () => {
  renderer = await startTextRenderer();
  const t0 = performance.now();
  await engine.warm();
  console.log(
    `img-lang-tesseract warm-up ${(performance.now() - t0).toFixed(0)} ms, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB after warm()`,
  );
});
afterAll(async () => {
  await renderer?.close();
  await engine.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe('img-lang-tesseract', () => {
  it('detects the language and script of lines in eleven languages', async () => {
    const wrong: string[] = [];
    for (const [lang, script, font, line] of CASES) {
      const png = await renderer.png([line], font);
      const t0 = performance.now();
      const res = await engine.infer({ image: [{ imageContent: png.toString('base64') }] });
      expect(inferenceResponseSchemas['img-lang-detection'].safeParse(res).success).toBe(true);
      const top = res.output[0]!.langPrediction[0]!;
      console.log(`img-lang ${lang}: ${JSON.stringify(top)} in ${(performance.now() - t0).toFixed(0)} ms`);
      expect(top.scriptCode, lang).toBe(script);
      if (top.langCode !== lang) wrong.push(`${lang}→${top.langCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('honours numSuggestions passed in config', async () => {
    const png = await renderer.png([CASES[0]![3]], CASES[0]![2]);
    const res = await engine.infer({ image: [{ imageContent: png.toString('base64') }], config: { numSuggestions: 2 } });
    expect(res.output[0]!.langPrediction).toHaveLength(2);
    expect(res.output[0]!.langPrediction[0]!.langCode).toBe('hi');
  });

  it('refuses a blank page, a non-image and a truncated PNG, and keeps working', async () => {
    const blank = await renderer.png([' '], 'Noto Sans');
    const good = await renderer.png([CASES[3]![3]], CASES[3]![2]);
    for (const bytes of [blank, Buffer.from('GIF89a? no, just text'), good.subarray(0, good.length >> 1)]) {
      await expect(engine.infer({ image: [{ imageContent: bytes.toString('base64') }] })).rejects.toBeInstanceOf(EngineInputError);
    }
    await expect(engine.infer({ image: [{ imageUri: 'https://example.org/x.png' }] })).rejects.toBeInstanceOf(EngineInputError);
    const res = await engine.infer({ image: [{ imageContent: good.toString('base64') }] });
    expect(res.output[0]!.langPrediction[0]!.langCode).toBe('ta');
  });

  it('answers its own example request', async () => {
    const res = await engine.infer(engine.exampleRequest);
    expect(res.output[0]!.langPrediction[0]).toMatchObject({ langCode: 'hi', scriptCode: 'Deva' });
  });
});

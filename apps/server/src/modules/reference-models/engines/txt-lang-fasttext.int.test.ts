// Real fastText lid.176 (wasm, from the package): language id of sentences written here in twelve
// languages, the script rule on short input, numSuggestions, and bad input that must not break the engine.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferenceResponseSchemas } from '@ulca/contracts';
import { EngineInputError } from '../engine.ts';
import { createTxtLangFasttextEngine } from './txt-lang-fasttext.ts';

const log = { info() {}, warn() {}, error() {} };
const engine = createTxtLangFasttextEngine({ cacheDir: os.tmpdir(), log });

const SENTENCES: Array<[string, string, string]> = [
  ['hi', 'Deva', 'मुझे सुबह की सैर करना और ताज़ी हवा में साँस लेना बहुत पसंद है।'],
  ['mr', 'Deva', 'आज संध्याकाळी आम्ही मित्रांसोबत बाजारात जाणार आहोत.'],
  ['ne', 'Deva', 'म आज बिहान सबेरै उठेर विद्यालय गएँ र साथीहरूसँग खेलेँ।'],
  ['bn', 'Beng', 'আমি প্রতিদিন সকালে খবরের কাগজ পড়ি এবং চা খাই।'],
  ['ta', 'Taml', 'நான் ஒவ்வொரு நாளும் காலையில் பள்ளிக்குச் செல்கிறேன்.'],
  ['te', 'Telu', 'మా ఊరిలో ప్రతి సంవత్సరం పెద్ద జాతర జరుగుతుంది.'],
  ['kn', 'Knda', 'ನಾನು ಬೆಂಗಳೂರಿನಲ್ಲಿ ಒಂದು ಸಣ್ಣ ಮನೆಯಲ್ಲಿ ವಾಸಿಸುತ್ತೇನೆ.'],
  ['ml', 'Mlym', 'ഞാൻ എല്ലാ ദിവസവും രാവിലെ പത്രം വായിക്കാറുണ്ട്.'],
  ['gu', 'Gujr', 'અમે રવિવારે પરિવાર સાથે બગીચામાં ફરવા ગયા હતા.'],
  ['pa', 'Guru', 'ਮੈਂ ਹਰ ਰੋਜ਼ ਸਵੇਰੇ ਗੁਰਦੁਆਰੇ ਜਾਂਦਾ ਹਾਂ ਅਤੇ ਪਾਠ ਕਰਦਾ ਹਾਂ।'],
  ['or', 'Orya', 'ମୁଁ ପ୍ରତିଦିନ ସକାଳେ ବିଦ୍ୟାଳୟକୁ ଯାଏ ଏବଂ ପାଠ ପଢ଼େ।'],
  ['ur', 'Arab', 'میں ہر روز صبح اخبار پڑھتا ہوں اور چائے پیتا ہوں۔'],
  ['en', 'Latn', 'The farmers are waiting for the monsoon rains to arrive this year.'],
];

beforeAll(async () => {
  const t0 = performance.now();
  await engine.warm();
  console.log(
    `txt-lang-fasttext warm-up ${(performance.now() - t0).toFixed(0)} ms, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
});
afterAll(() => engine.close());

describe('txt-lang-fasttext', () => {
  it('identifies sentences in thirteen languages, answering the ULCA response shape', async () => {
    const res = await engine.infer({ input: SENTENCES.map(([, , source]) => ({ source })) });
    expect(inferenceResponseSchemas['txt-lang-detection'].safeParse(res).success).toBe(true);
    const got = res.output.map((o) => o.langPrediction[0]);
    SENTENCES.forEach(([lang, script], i) => {
      expect(got[i], `sentence ${i} (${lang})`).toMatchObject({ langCode: lang, scriptCode: script });
      expect(got[i]!.langScore).toBeGreaterThan(50);
      expect(got[i]!.langScore).toBeLessThanOrEqual(100);
    });
    expect(res.output[0]!.source).toBe(SENTENCES[0]![2]);
  });

  it('honours numSuggestions among the languages of the script, best first', async () => {
    const res = await engine.infer({ input: [{ source: SENTENCES[1]![2] }], config: { numSuggestions: 3 } });
    const preds = res.output[0]!.langPrediction;
    expect(preds).toHaveLength(3);
    expect(preds[0]!.langCode).toBe('mr');
    expect(preds.every((p) => p.scriptCode === 'Deva')).toBe(true);
    expect(preds[0]!.langScore!).toBeGreaterThanOrEqual(preds[1]!.langScore!);
  });

  it('decides a one-word input by its script where one served language uses it (Ol Chiki → sat)', async () => {
    const res = await engine.infer({ input: [{ source: 'ᱥᱟᱱᱛᱟᱲᱤ' }, { source: 'ਪੰਜਾਬ' }] });
    expect(res.output[0]!.langPrediction[0]).toMatchObject({ langCode: 'sat', scriptCode: 'Olck', langScore: 100 });
    expect(res.output[1]!.langPrediction[0]).toMatchObject({ langCode: 'pa', scriptCode: 'Guru' });
  });

  it('refuses empty, letterless, over-long, unsupported-script and non-English Latin text, and stays usable', async () => {
    const bad = [
      '   ',
      '12345 !!',
      'अ'.repeat(151),
      'Привет, как у тебя дела сегодня?',
      'Le chat dort sur le canapé pendant que nous mangeons.',
    ];
    for (const source of bad) {
      await expect(engine.infer({ input: [{ source }] }), source.slice(0, 20)).rejects.toBeInstanceOf(EngineInputError);
    }
    const res = await engine.infer({ input: [{ source: SENTENCES[4]![2] }] });
    expect(res.output[0]!.langPrediction[0]!.langCode).toBe('ta');
  });
});

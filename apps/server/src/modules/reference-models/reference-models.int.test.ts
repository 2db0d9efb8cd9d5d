/**
 * The reference models on a test platform: started as the API process
 * starts them, registered and published under "ULCA reference models", listed by Explore, and
 * called like the web calls them, through POST model/compute and model/tryMe, i.e. through the
 * inference proxy and its guarded fetch. The platform's guarded fetch allows no loopback host
 * here (allowedFetchHosts []): the reference server's exact origin is the only loopback target
 * allowed, and a contributor's model on 127.0.0.1 is still refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import wavefile from 'wavefile';
import { MODEL_API, MODEL_NOT_ACCESSIBLE_MESSAGE, type ModelRecord } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { insertTestModel } from '../../test/models.ts';
import { createSignedInUser } from '../../test/users.ts';
import * as models from '../models/service.ts';
import * as modelHealth from '../model-health/service.ts';
import { characterErrorRate, startTextRenderer, type TextRenderer } from '../../test/render-text.ts';
import { startReferenceModels } from './service.ts';
import { buildApp } from '../../app.ts';
import { closeServices, createServices } from '../../services.ts';
import { REFERENCE_NOT_HERE_MESSAGE } from '../inference/service.ts';
import { closeAll } from '../../test/platform-hook.ts';

let p: TestPlatform;
let renderer: TextRenderer;
/** Reference model id per task. */
const idOf: Record<string, string> = {};

beforeAll(async () => {
  p = await createTestPlatform({ referenceModels: true, config: { allowedFetchHosts: [], modelCallTimeoutMs: 60_000 } });
  renderer = await startTextRenderer();
  // The streaming TTS variant is tried over the socket relay (modules/streaming), not model/compute.
  for (const m of p.referenceModels!.models) if (!m.name.includes('streaming')) idOf[m.task.type] = m.modelId;
  await p.referenceModels!.ready;
}, 180_000);

afterAll(() => closeAll(renderer, p));

const compute = (body: Record<string, unknown>) =>
  p.app.inject({ method: 'POST', url: MODEL_API.compute, payload: { userId: 'ignored', ...body } });

function tryMe(modelId: string, bytes: Buffer, type: string, source?: string) {
  const boundary = 'x-reference-models-boundary';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('modelId', modelId) + (source ? field('source', source) : '')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="page"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return p.app.inject({
    method: 'POST',
    url: MODEL_API.tryMe,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('reference models: registered and listed', () => {
  it('registers one published model per engine, owned by "ULCA reference models", with its card', async () => {
    const registered = p.referenceModels!.models;
    expect(registered.map((m) => m.task.type).sort()).toEqual(
      [
        'audio-gender-detection',
        'img-lang-detection',
        'itn',
        'ner',
        'ocr',
        'text-normalization',
        'translation',
        'transliteration',
        'tts',
        'tts',
        'txt-lang-detection',
      ].sort(),
    );
    for (const m of registered) {
      const res = await p.app.inject({ method: 'GET', url: `${MODEL_API.getModel}?modelId=${m.modelId}` });
      expect(res.statusCode, res.body).toBe(200);
      const model = res.json().data ?? res.json();
      expect(model.submitter.name).toBe('ULCA reference models');
      expect(model.status).toBe('published');
      expect(model.version).toBe('v1.0');
      expect(model.isReferenceModel).toBe(true);
      expect(model.engineCard.limits.length).toBeGreaterThan(0);
      expect(['trained-model', 'rule-based', 'heuristic']).toContain(model.engineCard.kind);
      // The reference server's URL never reaches a browser.
      expect(res.body).not.toContain('127.0.0.1');
    }
  });

  it('Explore (model/search) lists the reference model of each task', async () => {
    for (const [task, modelId] of Object.entries(idOf)) {
      const res = await p.app.inject({
        method: 'POST',
        url: MODEL_API.search,
        payload: { task, sourceLanguage: 'All', targetLanguage: 'All', domain: 'All', submitter: 'All' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (res.json().data as ModelRecord[]).map((m) => m.modelId),
        task,
      ).toContain(modelId);
    }
  });
});

describe('reference models: every task through the inference proxy', () => {
  it('OCR reads a rendered Hindi line uploaded through tryMe (and through model/compute)', async () => {
    const line = 'भारत एक विशाल देश है';
    const png = await renderer.png([line], 'Noto Sans Devanagari');
    const up = await tryMe(idOf.ocr!, png, 'image/png', 'hi');
    expect(up.statusCode, up.body).toBe(200);
    const text: string = up.json().output[0].source;
    const cer = characterErrorRate(line, text.trim());
    console.log(`OCR through tryMe: "${text.trim()}" CER ${cer.toFixed(3)}`);
    expect(cer).toBeLessThan(0.15);
    const byContent = await compute({ modelId: idOf.ocr, task: 'ocr', imageContent: png.toString('base64'), sourceLanguage: 'hi' });
    expect(byContent.statusCode, byContent.body).toBe(200);
    expect(byContent.json().output[0].source.trim()).toBe(text.trim());
  });

  it('text language detection', async () => {
    const cases: [string, string][] = [
      ['hi', 'मेरा नाम राम है और मैं दिल्ली में रहता हूँ।'],
      ['ta', 'நான் சென்னையில் வசிக்கிறேன்.'],
      ['ur', 'میں لاہور میں رہتا ہوں اور کتابیں پڑھتا ہوں۔'],
      ['en', 'The weather is pleasant in Bengaluru today.'],
    ];
    for (const [lang, source] of cases) {
      const res = await compute({ modelId: idOf['txt-lang-detection'], task: 'txt-lang-detection', input: [{ source }] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().output[0].langPrediction[0].langCode, source).toBe(lang);
    }
  });

  it('transliteration from Devanagari to Tamil script and back to romanisation', async () => {
    const res = await compute({
      modelId: idOf.transliteration,
      task: 'transliteration',
      input: [{ source: 'नमस्ते' }],
      sourceLanguage: 'hi',
      targetLanguage: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    const target = res.json().output[0].target;
    const first = Array.isArray(target) ? target[0] : target;
    expect(first).toMatch(/^nam[a]?ste$/i);
  });

  it('TTS answers a WAV whose duration and sample rate are real', async () => {
    const res = await compute({
      modelId: idOf.tts,
      task: 'tts',
      input: [{ source: 'भारत एक विशाल देश है।' }],
      sourceLanguage: 'hi',
      gender: 'female',
    });
    expect(res.statusCode, res.body).toBe(200);
    const wav = new wavefile.WaveFile(Buffer.from(res.json().audio[0].audioContent, 'base64'));
    const fmt = wav.fmt as { sampleRate: number; numChannels: number; bitsPerSample: number };
    const samples = (wav.data as { chunkSize: number }).chunkSize / (fmt.numChannels * (fmt.bitsPerSample / 8));
    const seconds = samples / fmt.sampleRate;
    console.log(`TTS through the proxy: ${fmt.sampleRate} Hz, ${seconds.toFixed(2)} s`);
    expect(fmt.sampleRate).toBeGreaterThanOrEqual(16000);
    expect(seconds).toBeGreaterThan(0.8);
    expect(seconds).toBeLessThan(6);
  });

  it('gender of the espeak voices the platform itself speaks', async () => {
    for (const gender of ['female', 'male'] as const) {
      const speech = await compute({
        modelId: idOf.tts,
        task: 'tts',
        input: [{ source: 'आज मौसम बहुत अच्छा है।' }],
        sourceLanguage: 'hi',
        gender,
      });
      expect(speech.statusCode, speech.body).toBe(200);
      const res = await compute({
        modelId: idOf['audio-gender-detection'],
        task: 'audio-gender-detection',
        audioContent: speech.json().audio[0].audioContent,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().output[0].genderPrediction[0].gender).toBe(gender);
    }
  });

  it('translation hi→ur of known sentences', async () => {
    const res = await compute({
      modelId: idOf.translation,
      task: 'translation',
      input: [{ source: 'मेरा नाम राम है।' }, { source: 'आज मौसम अच्छा है।' }],
      sourceLanguage: 'hi',
      targetLanguage: 'ur',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output.map((o: { target: string }) => o.target)).toEqual(['میرا نام رام ہے۔', 'آج موسم اچھا ہے۔']);
  });

  it('number normalisation and its inverse', async () => {
    const tn = await compute({
      modelId: idOf['text-normalization'],
      task: 'text-normalization',
      input: [{ source: 'मेरे पास 25 आम हैं' }],
      sourceLanguage: 'hi',
    });
    expect(tn.statusCode, tn.body).toBe(200);
    const words: string = tn.json().output[0].target;
    expect(words).toBe('मेरे पास पच्चीस आम हैं');
    const itn = await compute({ modelId: idOf.itn, task: 'itn', input: [{ source: words }], sourceLanguage: 'hi' });
    expect(itn.statusCode, itn.body).toBe(200);
    expect(itn.json().output[0].target).toBe('मेरे पास 25 आम हैं');
  });

  it('NER finds the amount, the e-mail address and the date', async () => {
    const res = await compute({
      modelId: idOf.ner,
      task: 'ner',
      input: [{ source: 'Pay ₹1,500 to ram@example.com by 15 August 2025.' }],
      sourceLanguage: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    const tags = (res.json().output[0].nerPrediction as { token: string; tag: string }[])
      .filter((t) => t.tag !== 'O')
      .map((t) => `${t.token}/${t.tag}`);
    expect(tags).toEqual(expect.arrayContaining(['₹/B-MONEY', 'ram@example.com/B-EMAIL', '15/B-DATE']));
  });
});

describe('reference models: the health tab shows them like any other model', () => {
  it("a health round calls them on this process's reference server and finds every one available", async () => {
    await modelHealth.runHealthRound(p.ctx);
    const res = await p.app.inject({ method: 'GET', url: MODEL_API.health });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().modelHealthStatusList as { modelId: string; status: string; outputCheck: string | null }[];
    for (const [task, id] of Object.entries(idOf)) {
      const row = rows.find((r) => r.modelId === id);
      expect(row, task).toBeDefined();
      expect({ task, status: row!.status, outputCheck: row!.outputCheck }).toEqual({ task, status: 'available', outputCheck: null });
    }
  }, 180_000);
});

describe('reference models: bad input', () => {
  it('answers a clear 400 for empty text, an unsupported language and a file that is not an image; the next call works', async () => {
    const empty = await compute({
      modelId: idOf.transliteration,
      task: 'transliteration',
      input: [{ source: '   ' }],
      sourceLanguage: 'hi',
      targetLanguage: 'en',
    });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().message).toMatch(/\w/);
    console.log(`empty text: ${empty.json().message}`);

    const lang = await compute({
      modelId: idOf.translation,
      task: 'translation',
      input: [{ source: 'hello' }],
      sourceLanguage: 'en',
      targetLanguage: 'ur',
    });
    expect(lang.statusCode, lang.body).toBe(400);
    console.log(`unsupported language: ${lang.json().message}`);

    const notImage = await tryMe(idOf.ocr!, Buffer.from('this is not an image at all'), 'image/png', 'hi');
    expect(notImage.statusCode, notImage.body).toBe(400);
    console.log(`not an image: ${notImage.json().message}`);

    const latin = await compute({
      modelId: idOf.translation,
      task: 'translation',
      input: [{ source: 'hello world' }],
      sourceLanguage: 'hi',
      targetLanguage: 'ur',
    });
    expect(latin.statusCode, latin.body).toBe(400);
    console.log(`Latin text for hi→ur: ${latin.json().message}`);

    const next = await compute({
      modelId: idOf.translation,
      task: 'translation',
      input: [{ source: 'वह पानी पीता है।' }],
      sourceLanguage: 'hi',
      targetLanguage: 'ur',
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().output[0].target).toBe('وہ پانی پیتا ہے۔');
  });
});

describe('reference models: the loopback allowance is this one origin only', () => {
  it("refuses a contributor's model on 127.0.0.1 (another port), and one pointing at the reference server itself", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ output: [{ source: 'a', target: 'b' }] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const owner = await createSignedInUser(p);
      const local = await insertTestModel(p.ctx, {
        userId: owner.userId,
        callbackUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/translate`,
      });
      const res = await compute({ modelId: local, input: [{ source: 'hello' }] });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().message).toBe(MODEL_NOT_ACCESSIBLE_MESSAGE);
      // Not even the reference server's own URL, when a contributor's model names it.
      const sneaky = await insertTestModel(p.ctx, {
        userId: owner.userId,
        name: 'sneaky',
        callbackUrl: `${p.referenceModels!.baseUrl}/translation-apertium`,
        task: 'translation',
      });
      const res2 = await compute({ modelId: sneaky, input: [{ source: 'मेरा नाम राम है।' }] });
      expect(res2.statusCode, res2.body).toBe(502);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('reference models: REFERENCE_MODELS=false (per process)', () => {
  it('a process without engines withdraws nothing that another serves and answers 503 itself; once none serves, they are unpublished; the next start publishes them again', async () => {
    const search = async () => {
      const res = await p.app.inject({
        method: 'POST',
        url: MODEL_API.search,
        payload: { task: 'ocr', sourceLanguage: 'All', targetLanguage: 'All', domain: 'All', submitter: 'All' },
      });
      return (res.json().data as ModelRecord[]).map((m) => m.modelId);
    };
    // Another process: its own services (a reference server is found through them), on the same database.
    const { config, db, boss, store, mailer, log } = p.ctx;
    const offCtx = await createServices({ config: { ...config, referenceModels: false }, db, boss, store, mailer, log });
    const off = await startReferenceModels(offCtx);
    const offApp = await buildApp(offCtx, { logger: false });
    try {
      expect(off.baseUrl).toBeNull();
      // The platform's own server still serves them: still published, still answered there.
      expect(await search()).toContain(idOf.ocr);
      const here = await offApp.inject({
        method: 'POST',
        url: MODEL_API.compute,
        payload: { modelId: idOf.ner, task: 'ner', input: [{ source: 'Write to ram@example.com' }], sourceLanguage: 'en' },
      });
      expect(here.statusCode, here.body).toBe(503);
      expect(here.json()).toMatchObject({ code: 'REFERENCE_MODEL_NOT_SERVED_HERE', message: REFERENCE_NOT_HERE_MESSAGE });

      // The last serving process stops: nobody serves them, so they are withdrawn.
      await p.referenceModels!.close();
      expect(await search()).not.toContain(idOf.ocr);
      const record = await models.getModelRecord(p.ctx, idOf.ocr!, null).catch((e: Error) => e);
      expect(record).toBeInstanceOf(Error);
    } finally {
      await offApp.close();
      await off.close();
      await closeServices(offCtx);
    }

    // Back on (here with the NER engine only): the same id, published again.
    const { createReferenceEngines } = await import('./engines/index.ts');
    const engines = createReferenceEngines({
      cacheDir: p.dataDir,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    }).filter((e) => e.task === 'ner');
    const on = await startReferenceModels(p.ctx, { engines });
    try {
      expect(on.models.map((m) => m.modelId)).toEqual([idOf.ner]);
      expect(on.models[0]!.status).toBe('published');
      const res = await compute({ modelId: idOf.ner, task: 'ner', input: [{ source: 'Write to ram@example.com' }], sourceLanguage: 'en' });
      expect(res.statusCode, res.body).toBe(200);
      // The engines this start does not run stay withdrawn.
      expect(await search()).not.toContain(idOf.ocr);
    } finally {
      await on.close();
    }
  });
});

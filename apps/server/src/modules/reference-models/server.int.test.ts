import wavefile from 'wavefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferenceResponseSchemas } from '@ulca/contracts';
import type { ReferenceEngine } from './engine.ts';
import { createGenderPitchEngine } from './engines/gender-pitch.ts';
import { createTranslationApertiumEngine } from './engines/translation-apertium.ts';
import { createTtsEspeakEngine } from './engines/tts-espeak.ts';
import { runProcess } from './run-process.ts';
import { REFERENCE_BODY_LIMIT_BYTES, startReferenceModelServer, type ReferenceModelServer } from './server.ts';

const errors: unknown[] = [];
const log = { info: () => undefined, warn: () => undefined, error: (obj: unknown) => void errors.push(obj) };
const opts = { cacheDir: '/tmp', log };

/** An engine whose child process dies on every call (a crashed engine binary): the server must answer 500 and carry on. */
const crashing: ReferenceEngine<'ner'> = {
  id: 'ner-crashing',
  task: 'ner',
  languages: [{ sourceLanguage: 'hi' }],
  card: {
    name: 'crashing',
    description: 'test engine',
    kind: 'rule-based',
    engine: 'sh',
    limits: [],
    license: 'mit',
    refUrl: 'https://example.org',
  },
  exampleRequest: { input: [{ source: 'x' }], config: { language: { sourceLanguage: 'hi' } } },
  warm: async () => undefined,
  infer: async () => {
    await runProcess('sh', ['-c', 'kill -9 $$'], { timeoutMs: 5000, maxOutputBytes: 1024 });
    throw new Error('unreachable: the process was killed');
  },
  close: async () => undefined,
};
/** An engine that cannot start (its package missing): 503 for its calls, the others unaffected. */
const broken: ReferenceEngine<'itn'> = {
  ...(crashing as unknown as ReferenceEngine<'itn'>),
  id: 'itn-broken',
  task: 'itn',
  warm: async () => {
    await runProcess('/nonexistent/engine-binary', [], { timeoutMs: 5000, maxOutputBytes: 1024 });
  },
};

let server: ReferenceModelServer;
const post = (path: string, body: unknown) =>
  fetch(`${server.baseUrl}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const ttsBody = (source: string) => ({ input: [{ source }], config: { language: { sourceLanguage: 'hi' }, gender: 'male' } });
const mtBody = (source: string) => ({ input: [{ source }], config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } });

beforeAll(async () => {
  server = await startReferenceModelServer(
    [createTtsEspeakEngine(opts), createTranslationApertiumEngine(opts), createGenderPitchEngine(opts), crashing, broken],
    { host: '127.0.0.1', port: 0, log },
  );
  await server.ready;
});
afterAll(async () => server.close());

describe('reference model server', () => {
  it('listens on loopback and lists its engines and whether they are warm', async () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = (await (await fetch(`${server.baseUrl}/health`)).json()) as { engines: { id: string; warm: boolean; error?: string }[] };
    expect(health.engines.map((e) => [e.id, e.warm])).toEqual([
      ['tts-espeak', true],
      ['translation-apertium', true],
      ['gender-pitch', true],
      ['ner-crashing', true],
      ['itn-broken', false],
    ]);
    expect(health.engines[4]!.error).toMatch(/could not start/);
  });

  it('answers each engine over HTTP in the ULCA response shape (tts → gender detection chained)', async () => {
    const tts = await post('tts-espeak', ttsBody('भारत एक विशाल देश है।'));
    expect(tts.status).toBe(200);
    const speech = inferenceResponseSchemas.tts.parse(await tts.json());
    const wav = new wavefile.WaveFile(Buffer.from(speech.audio[0]!.audioContent!, 'base64'));
    expect((wav.fmt as { sampleRate: number }).sampleRate).toBe(22050);

    const gender = await post('gender-pitch', { audio: [{ audioContent: speech.audio[0]!.audioContent }] });
    expect(gender.status).toBe(200);
    expect(inferenceResponseSchemas['audio-gender-detection'].parse(await gender.json()).output[0]!.genderPrediction[0]!.gender).toBe(
      'male',
    );

    const mt = await post('translation-apertium', mtBody('मेरा नाम राम है।'));
    expect(mt.status).toBe(200);
    expect(inferenceResponseSchemas.translation.parse(await mt.json()).output[0]!.target).toBe('میرا نام رام ہے۔');
  });

  it('answers 400 naming the field for a body that fails the schema, and for input the engine refuses', async () => {
    const missing = await post('translation-apertium', { input: [{ source: 'नमस्ते' }], config: { language: { sourceLanguage: 'hi' } } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toMatch(/config\.language\.targetLanguage/);
    const badJson = await post('tts-espeak', '{"input": [');
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toHaveProperty('message');
    const refused = await post('tts-espeak', ttsBody('क'.repeat(151)));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'Input 1 has 151 characters; this model takes at most 150.' });
    const notAudio = await post('gender-pitch', { audio: [{ audioContent: Buffer.from('plain text, not a wav').toString('base64') }] });
    expect(notAudio.status).toBe(400);
    expect(((await notAudio.json()) as { message: string }).message).toMatch(/not a WAV/);
  });

  it('answers 500 when the engine process dies, 503 for an engine that failed to start, 413 beyond the body limit, and keeps serving', async () => {
    const crashed = await post('ner-crashing', { input: [{ source: 'राम' }], config: { language: { sourceLanguage: 'hi' } } });
    expect(crashed.status).toBe(500);
    expect(await crashed.json()).toEqual({ message: 'The model failed on this input.' });
    expect(errors.length).toBeGreaterThan(0);
    const unavailable = await post('itn-broken', { input: [{ source: 'x' }], config: { language: { sourceLanguage: 'hi' } } });
    expect(unavailable.status).toBe(503);
    const huge = await post('gender-pitch', { audio: [{ audioContent: 'A'.repeat(REFERENCE_BODY_LIMIT_BYTES) }] });
    expect(huge.status).toBe(413);
    expect((await post('nothing-here', {})).status).toBe(404);
    const after = await post('translation-apertium', mtBody('आज मौसम अच्छा है।'));
    expect(after.status).toBe(200);
  });

  it('answers 8 concurrent calls, all of them', async () => {
    const sentences = ['मेरा नाम राम है।', 'आज मौसम अच्छा है।', 'वह पानी पीता है।', 'भारत एक बड़ा देश है।'];
    const calls = [
      ...sentences.map((s) => post('translation-apertium', mtBody(s))),
      ...sentences.map((s) => post('tts-espeak', ttsBody(s))),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { output?: { target: string }[]; audio?: unknown[] }[];
    expect(bodies.slice(0, 4).map((b) => b.output![0]!.target)).toEqual([
      'میرا نام رام ہے۔',
      'آج موسم اچھا ہے۔',
      'وہ پانی پیتا ہے۔',
      'بھارت ایک بڑا دیش ہے۔',
    ]);
    expect(bodies.slice(4).every((b) => b.audio?.length === 1)).toBe(true);
  });
});

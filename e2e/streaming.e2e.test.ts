/**
 * End-to-end, in headless Chromium with a fake microphone: a streaming ASR
 * model and a streaming TTS model served by the test socket server (apps/server/src/test/
 * stream-model-server.ts) are uploaded and published by the admin; an anonymous visitor opens the
 * ASR model's try view, presses Start, sees 'Please wait...' then 'Listening...' and the text the
 * model sends while the fake microphone (a WAV file played by Chromium) speaks, presses Stop and
 * reads the punctuated text; then types into the streaming TTS panel and the audio arrives in the
 * player. Last, the admin, signed in, streams the ASR model after unpublishing it: the page takes a
 * single-use stream ticket (a browser WebSocket cannot send the signature headers). Screenshots at 1366×900 and 390×844: test-results/e2e/streaming-<nn>-<step>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { MODEL_API } from '@ulca/contracts';
import { startStreamModelServer, type TestStreamServer } from '../apps/server/src/test/stream-model-server.ts';
import { signHeaders } from '../apps/web/src/lib/signing.ts';
import { pcmWav } from './support/audio.ts';
import { BrowserJourney } from './support/journey.ts';
import type { RunningPlatform } from './support/server.ts';

const STAMP = Date.now().toString(36);
const ADMIN_EMAIL = 'admin@ulca.local';

let platform: RunningPlatform;
let sm: TestStreamServer;
let tmp: string;
let page: Page;
const ids = { asr: '', tts: '' };

const journey = new BrowserJourney('streaming-');
const { screenshot } = journey;

/** A 16 kHz mono WAV of `seconds` of a 440 Hz tone (what the fake microphone plays, looped). */
function toneWav(seconds: number): Buffer {
  return pcmWav(seconds, 16_000, (t) => Math.sin(2 * Math.PI * 440 * t) * 8000);
}

async function adminKeys(): Promise<{ publicKey: string; privateKey: string }> {
  return ((await adminLogin()) as { userKeys: { publicKey: string; privateKey: string } }).userKeys;
}

/** The admin's login answer (`data`: user details and keys), as the web app stores it for its session. */
async function adminLogin(): Promise<unknown> {
  const res = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authenticator: 'ULCA', data: { email: ADMIN_EMAIL, password: platform.adminPassword } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}

/** Uploads a streaming model descriptor of `task` (signed multipart, as the Submit page sends it) and publishes it; returns its modelId. */
async function uploadStreaming(task: 'asr' | 'tts', name: string): Promise<string> {
  const keys = await adminKeys();
  const request =
    task === 'asr'
      ? {
          audio: [{ audioUri: 'https://lab.example.org/a.wav' }],
          config: { language: { sourceLanguage: 'hi' }, audioFormat: 'wav', samplingRate: 16000 },
        }
      : { input: [{ source: 'नमस्ते' }], config: { language: { sourceLanguage: 'hi' }, gender: 'female' } };
  const descriptor = {
    name,
    version: 'v1.0',
    description: `A streaming ${task} model the harbour lab serves over a socket.`,
    task: { type: task },
    languages: [{ sourceLanguage: 'hi' }],
    license: 'mit',
    domain: ['general'],
    submitter: { name: 'Harbour Lab' },
    trainingDataset: { description: 'Read speech' },
    inferenceEndPoint: { callbackUrl: sm.url(task), schema: { taskType: task, request, modelProcessingType: { type: 'streaming' } } },
  };
  const fd = new FormData();
  fd.append('file', new Blob([JSON.stringify(descriptor)], { type: 'application/json' }), 'model.json');
  const req = new Request('http://x/', { method: 'POST', body: fd });
  const body = new Uint8Array(await req.arrayBuffer());
  const up = await fetch(`${platform.baseUrl}${MODEL_API.upload}`, {
    method: 'POST',
    headers: {
      ...signHeaders(keys.publicKey, keys.privateKey, { method: 'POST', url: MODEL_API.upload, body }),
      'content-type': req.headers.get('content-type')!,
    },
    body,
  });
  const text = await up.text();
  expect(up.status, text).toBe(200);
  const modelId = (JSON.parse(text) as { data: { modelId: string } }).data.modelId;
  const pub = JSON.stringify({ modelId, status: 'published' });
  const res = await fetch(`${platform.baseUrl}${MODEL_API.statusChange}`, {
    method: 'POST',
    headers: {
      ...signHeaders(keys.publicKey, keys.privateKey, { method: 'POST', url: MODEL_API.statusChange, body: pub }),
      'content-type': 'application/json',
    },
    body: pub,
  });
  expect(res.status, await res.text()).toBe(200);
  return modelId;
}

const transcript = () => page.getByTestId('streaming-transcript').inputValue();

describe('streaming ASR and TTS in Chromium', () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-streaming-'));
    const wav = path.join(tmp, 'mic.wav');
    fs.writeFileSync(wav, toneWav(5));
    sm = await startStreamModelServer();
    platform = await journey.startPlatform({ env: { MODEL_HEALTH_INTERVAL_MINUTES: '0' } });
    await journey.launch({ fakeMicrophone: wav });
    page = await journey.openPage({ viewport: { width: 1366, height: 900 } });
  });

  afterAll(async () => {
    await journey.tearDown({ tempDirs: [tmp] });
    await sm?.close();
  });

  const { step } = journey;

  step('the admin uploads and publishes a streaming ASR and a streaming TTS model (checked over their sockets)', async () => {
    ids.asr = await uploadStreaming('asr', `Harbour live Hindi ASR ${STAMP}`);
    ids.tts = await uploadStreaming('tts', `Harbour live Hindi voice ${STAMP}`);
    expect(sm.seen.connections.map((c) => c.nsp)).toEqual(expect.arrayContaining(['/asr/', '/tts/']));
  });

  step("a visitor streams speech: 'Please wait...', 'Listening...', the text as it arrives, punctuated on Stop", async () => {
    await page.goto(`${platform.baseUrl}/ulca/search-model/${ids.asr}/model`);
    await page.getByText(/Streaming speech recognition in Hindi/).waitFor();
    await screenshot('asr-idle');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Listening...').waitFor();
    await expect.poll(transcript, { timeout: 15_000 }).toMatch(/^heard \d+ bytes$/);
    await expect.poll(async () => Number(/\d+/.exec(await transcript())?.[0] ?? 0), { timeout: 15_000 }).toBeGreaterThan(16_000);
    await screenshot('asr-listening');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(transcript, { timeout: 15_000 }).toMatch(/^Heard \d+ bytes\.$/);
    await expect.poll(() => page.getByText('Listening...').count()).toBe(0);
    await screenshot('asr-punctuated');
    // The model got the PCM and was asked to punctuate the final text in the model's language.
    expect(sm.seen.punctuate.at(-1)).toMatchObject({ language: 'hi', enabledItn: true });
  });

  step('on a phone the streaming panel fits the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${platform.baseUrl}/ulca/search-model/${ids.asr}/model`);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Listening...').waitFor();
    await expect.poll(transcript, { timeout: 15_000 }).toMatch(/^heard/);
    await screenshot('asr-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(transcript, { timeout: 15_000 }).toMatch(/^Heard/);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  step('streaming TTS: each word typed is spoken, the audio arrives in the player', async () => {
    await page.goto(`${platform.baseUrl}/ulca/search-model/${ids.tts}/model`);
    await page.getByText(/Streaming speech synthesis in Hindi/).waitFor();
    await page.getByLabel('Male', { exact: true }).check();
    await page.getByLabel('Text').pressSequentially('नमस्ते दोस्तों ');
    await expect.poll(() => page.getByLabel('Synthesised speech').getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/);
    // Both words reached the model, the first one sent while the socket was still opening.
    const sources = () => sm.seen.infers.slice(-2).map((i) => (i as { input: { source: string }[] }).input[0].source);
    await expect.poll(sources).toEqual(['नमस्ते', 'दोस्तों']);
    expect(sm.seen.infers.at(-1)).toEqual({ input: [{ source: 'दोस्तों' }], config: { gender: 'male', language: { sourceLanguage: 'hi' } } });
    await screenshot('tts-audio');
  });

  step('signed in, the admin streams the unpublished ASR model: the socket carries a stream ticket', async () => {
    const keys = await adminKeys();
    const body = JSON.stringify({ modelId: ids.asr, status: 'unpublished', unpublishReason: 'Retraining the acoustic model' });
    const res = await fetch(`${platform.baseUrl}${MODEL_API.statusChange}`, {
      method: 'POST',
      headers: {
        ...signHeaders(keys.publicKey, keys.privateKey, { method: 'POST', url: MODEL_API.statusChange, body }),
        'content-type': 'application/json',
      },
      body,
    });
    expect(res.status, await res.text()).toBe(200);
    const session = await adminLogin();
    await page.evaluate((s) => localStorage.setItem('ulca.session', JSON.stringify(s)), session);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`${platform.baseUrl}/ulca/search-model/${ids.asr}/model`);
    await page.getByText(/Streaming speech recognition in Hindi/).waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Listening...').waitFor();
    await expect.poll(transcript, { timeout: 15_000 }).toMatch(/^heard \d+ bytes$/);
    expect(sockets.at(-1)).toMatch(/[?&]ticket=[A-Za-z0-9_-]{43}(&|$)/);
    await screenshot('asr-unpublished-owner');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(transcript, { timeout: 15_000 }).toMatch(/^Heard \d+ bytes\.$/);
    // The ticket was spent: the same socket URL opened again is refused.
    const replay = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url);
          ws.onmessage = (e) => resolve(String(e.data));
          ws.onclose = () => resolve('closed');
        }),
      sockets.at(-1)!,
    );
    expect(JSON.parse(replay)).toMatchObject({ type: 'error', code: 'TICKET_INVALID' });
  });
});

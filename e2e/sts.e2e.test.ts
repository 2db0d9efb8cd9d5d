/**
 * End-to-end, in headless Chromium with a fake microphone (Chromium's file-backed fake audio
 * capture): the Explore 'sts' tab records the microphone, sends it to a
 * contributor's ASR model (the test model server "hears" a Hindi sentence), translates it with the
 * platform's reference hi→ur model (Apertium) and speaks it with the reference TTS (espeak-ng); the
 * audio element gets the speech and plays. Then the feedback dialog with per-stage ratings (read
 * back by the ASR model's owner), a source language with no ASR model (typed text), and phone-size
 * screenshots: test-results/e2e/sts-<nn>-<step>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MODEL_API, type ModelFeedbackEntry } from '@ulca/contracts';
import { silentWav, startTestModelServer, type TestModelServer } from '../apps/server/src/test/model-server.ts';
import { testDescriptor } from '../apps/server/src/test/model-descriptors.ts';
import { signHeaders } from '../apps/web/src/lib/signing.ts';
import { pcmWav } from './support/audio.ts';
import { BrowserJourney } from './support/journey.ts';
import type { RunningPlatform } from './support/server.ts';
import type { FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { readZip } from '../apps/server/src/test/zip.ts';
import yazl from 'yazl';

const HINDI = 'मेरा नाम राम है।';
const URDU_SCRIPT = /[\u0600-\u06FF]/;
const ASR_NAME = `Clinic Hindi ASR ${Date.now().toString(36)}`;
const ADMIN_EMAIL = 'admin@ulca.local';

let platform: RunningPlatform;
let ms: TestModelServer;
let dir: string;
let context: BrowserContext;
let page: Page;
let asrId = '';
let keys: { userId: string; publicKey: string; privateKey: string };
let session: unknown;
let files: FixtureServer;

const journey = new BrowserJourney('sts-');
const { takeShot, at } = journey;

/** A WAV of `seconds` of a vowel-like tone (three harmonics of 180 Hz), 48 kHz mono 16-bit: the fake microphone. */
function toneWav(seconds: number): Buffer {
  return pcmWav(
    seconds,
    48_000,
    (t) =>
      (0.3 * Math.sin(2 * Math.PI * 180 * t) + 0.2 * Math.sin(2 * Math.PI * 360 * t) + 0.1 * Math.sin(2 * Math.PI * 540 * t)) * 32767 * 0.8,
  );
}

/** A signed API call as the admin (JSON or multipart bytes). */
async function adminApi<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: { json: unknown } | { bytes: Uint8Array; contentType: string },
): Promise<T> {
  const raw = body && 'json' in body ? JSON.stringify(body.json) : body?.bytes;
  const headers: Record<string, string> = { ...signHeaders(keys.publicKey, keys.privateKey, { method, url, body: raw }) };
  if (body) headers['content-type'] = 'json' in body ? 'application/json' : body.contentType;
  const res = await fetch(`${platform.baseUrl}${url}`, { method, headers, body: raw as BodyInit | undefined });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Chooses `option` in the MUI select labelled `label`. */
async function choose(label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const comboText = (label: string) => page.getByRole('combobox', { name: label }).innerText();

beforeAll(async () => {
  dir = journey.tempDir('sts');
  const mic = path.join(dir, 'voice.wav');
  fs.writeFileSync(mic, toneWav(3));
  ms = await startTestModelServer();
  platform = await journey.startPlatform({ env: { REFERENCE_MODELS: 'true', MODEL_CALL_TIMEOUT_MS: '60000' } });
  const login = await fetch(at('/user-mgmt/v1/users/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authenticator: 'ULCA', data: { email: ADMIN_EMAIL, password: platform.adminPassword } }),
  });
  const data = ((await login.json()) as { data: { userDetails: { userID: string }; userKeys: { publicKey: string; privateKey: string } } })
    .data;
  keys = { userId: data.userDetails.userID, ...data.userKeys };
  session = data;
  files = await journey.serveFiles(dir);
  // A contributor's Hindi ASR model (owned by the admin here), uploaded and published through the API.
  const form = new FormData();
  const descriptor = testDescriptor(
    'asr',
    ASR_NAME,
    ms.url(`say/asr?text=${encodeURIComponent(HINDI)}`),
    silentWav(0.2).toString('base64'),
  );
  form.append('file', new Blob([JSON.stringify(descriptor)], { type: 'application/json' }), 'asr.json');
  const req = new Request('http://x/', { method: 'POST', body: form });
  const bytes = new Uint8Array(await req.arrayBuffer());
  const uploaded = await adminApi<{ data: { modelId: string } }>('POST', MODEL_API.upload, {
    bytes,
    contentType: req.headers.get('content-type')!,
  });
  asrId = uploaded.data.modelId;
  await adminApi('POST', MODEL_API.statusChange, { json: { userId: keys.userId, modelId: asrId, status: 'published' } });
  await journey.launch({ fakeMicrophone: mic });
  ({ context, page } = await journey.openContextPage({ viewport: { width: 1366, height: 900 } }, 30_000));
  await context.grantPermissions(['microphone'], { origin: platform.baseUrl });
}, 240_000);

afterAll(async () => {
  await ms?.close();
  await journey.tearDown();
});

describe('speech-to-speech in the browser', () => {
  journey.step('the sts tab auto-picks the three models for Hindi → Urdu', async () => {
    await page.goto(at('/model/explore-models?task=sts'));
    await page.getByRole('heading', { name: 'Speech To Speech' }).waitFor();
    await expect.poll(() => page.getByText('Please select all the drop down values...').count()).toBe(1);
    await choose('Source Language *', 'Hindi');
    expect(await comboText('ASR Model *')).toBe(ASR_NAME);
    await choose('Target Language *', 'Urdu');
    expect(await comboText('Translation Model *')).toMatch(/Apertium/i);
    expect(await comboText('TTS Model *')).toMatch(/eSpeak/i);
    await expect.poll(() => page.getByText('Please select all the drop down values...').count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Female' }).isChecked()).toBe(true);
    await takeShot(page, 'pickers');
  });

  journey.step('record → speech-to-speech → the translated audio plays', async () => {
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByText('Listening...').waitFor();
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: 'Stop' }).click();
    const audio = page.getByLabel('Translated speech');
    await audio.waitFor({ timeout: 90_000 });
    await page.getByText('Your translated speech is ready.').waitFor();
    const asrCall = ms.calls.filter((c) => c.path.startsWith('/say/asr')).at(-1)!;
    // The recording reached the ASR model as WAV 16 kHz.
    const sent = Buffer.from((asrCall.body as { audio: { audioContent: string }[] }).audio[0].audioContent, 'base64');
    expect(sent.subarray(0, 4).toString()).toBe('RIFF');
    expect(sent.length).toBeGreaterThan(16_000 * 2 * 1.5);
    const played = await audio.evaluate(async (el: HTMLAudioElement) => {
      if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
      el.muted = true;
      await el.play();
      await new Promise((r) => setTimeout(r, 600));
      return { duration: el.duration, currentTime: el.currentTime };
    });
    expect(played.duration).toBeGreaterThan(0.3);
    expect(played.currentTime).toBeGreaterThan(0);
    await takeShot(page, 'audio');
    await page.getByRole('tab', { name: 'Source text' }).click();
    expect(await page.getByLabel('Source text (you can correct it)').inputValue()).toBe(HINDI);
    await page.getByRole('tab', { name: 'Translation' }).click();
    expect(await page.getByLabel('Translation (you can correct it)').inputValue()).toMatch(URDU_SCRIPT);
    await takeShot(page, 'translation');
  });

  journey.step('a corrected translation is spoken again with the Male voice', async () => {
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.getByLabel('Translation (you can correct it)').fill('میرا نام رام ہے');
    await page.getByRole('button', { name: 'Speak again' }).click();
    await page.getByRole('tab', { name: 'Audio', selected: true }).waitFor({ timeout: 60_000 });
    const src = await page.getByLabel('Translated speech').getAttribute('src');
    expect(src).toMatch(/^blob:/);
    await page.getByRole('tab', { name: 'Translation' }).click();
    // The corrected text stays what the speech was made from.
    expect(await page.getByLabel('Translation (you can correct it)').inputValue()).toBe('میرا نام رام ہے');
  });

  journey.step('feedback: a rating of 2 asks per stage; the model owner reads the stages back', async () => {
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    // A star is clicked by its label (MUI Rating hides the radio inputs).
    const rate = async (name: string, value: number) => {
      const id = await dialog.locator(`input[name="${name}"][value="${value}"]`).getAttribute('id');
      await dialog.locator(`label[for="${id}"]`).click();
      expect(await dialog.locator(`input[name="${name}"][value="${value}"]`).isChecked()).toBe(true);
    };
    await rate('sts-rating', 2);
    await dialog.getByText('Speech to text —').waitFor();
    await rate('sts-stage-asr', 1);
    await rate('sts-stage-translation', 4);
    await rate('sts-stage-tts', 3);
    await takeShot(page, 'feedback');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Thank you for your feedback.').waitFor();
    const list = await adminApi<{ data: ModelFeedbackEntry[] }>('GET', `${MODEL_API.feedbackList}?modelId=${asrId}`);
    const fb = list.data.find((f) => f.taskType === 'sts')!;
    expect(fb).toMatchObject({ rating: 2, modelId: null, input: HINDI });
    expect(
      (fb.detailedFeedback as { taskType: string; feedback: { feedbackQuestionResponse: number }[] }[]).map((s) => [
        s.taskType,
        s.feedback[0].feedbackQuestionResponse,
      ]),
    ).toEqual([
      ['asr', 1],
      ['translation', 4],
      ['tts', 3],
    ]);
  });

  journey.step('Urdu has no ASR model: the tab says so, and typed Urdu is translated and spoken', async () => {
    await choose('Source Language *', 'Urdu');
    await page.getByText('No published speech recognition (ASR) model serves Urdu yet').waitFor();
    await choose('Target Language *', 'Hindi');
    await page.getByLabel('Urdu text').fill('میرا نام رام ہے');
    await page.getByRole('button', { name: 'Translate and speak' }).click();
    await page.getByLabel('Translated speech').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Translation' }).click();
    expect(await page.getByLabel('Translation (you can correct it)').inputValue()).toMatch(/[\u0900-\u097F]/);
    await takeShot(page, 'typed-urdu');
  });

  journey.step('signed in, a batch zip runs with progress, lists its skipped file and offers the result zip', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(silentWav(0.5), 'calls/first.wav');
    zip.addBuffer(silentWav(0.7), 'calls/second.wav');
    zip.addBuffer(Buffer.from('notes'), 'calls/notes.txt');
    zip.end();
    await new Promise<void>((resolve, reject) =>
      zip.outputStream
        .pipe(fs.createWriteStream(path.join(dir, 'calls.zip')))
        .on('finish', resolve)
        .on('error', reject),
    );
    await page.evaluate((s) => localStorage.setItem('ulca.session', JSON.stringify(s)), session);
    await page.goto(at('/model/explore-models?task=sts'));
    await choose('Source Language *', 'Hindi');
    await choose('Target Language *', 'Urdu');
    const convert = page.getByRole('button', { name: 'Convert', exact: true });
    expect(await convert.isDisabled()).toBe(true);
    await page.getByLabel('Zip URL').fill(files.url('calls.zip'));
    await convert.click();
    await page.getByText('2 of 2 files processed (2 converted, 0 failed, 1 other files skipped) — done').waitFor({ timeout: 90_000 });
    await page.getByText('calls/notes.txt').waitFor();
    await takeShot(page, 'batch');
    const href = (await page.getByRole('link', { name: 'Download results' }).getAttribute('href'))!;
    const res = await fetch(`${platform.baseUrl}${href}`);
    expect(res.status).toBe(200);
    const out = await readZip(Buffer.from(await res.arrayBuffer()));
    expect(out.get('calls/first.transcript.txt')!.toString().trim()).toBe(HINDI);
    expect(out.get('calls/second.translation.txt')!.toString()).toMatch(URDU_SCRIPT);
    expect(out.get('calls/second.ur.wav')!.subarray(0, 4).toString()).toBe('RIFF');
    // A later visit lists the batch among the user's past ones, with its counts, date and download.
    await page.reload();
    const past = page.getByRole('list', { name: 'Your batches' });
    await past.waitFor();
    const row = past.getByRole('listitem').first();
    await row.getByText('Completed').waitFor();
    expect(await row.innerText()).toMatch(/Hindi → Urdu · files done: 2\/2/);
    expect(await row.innerText()).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)/);
    const again = await fetch(
      `${platform.baseUrl}${(await row.getByRole('link', { name: /Download the results/ }).getAttribute('href'))!}`,
    );
    expect(again.status).toBe(200);
    await takeShot(page, 'batch-list');
  });

  journey.step(
    'phone size: the choices survive the resize; record → speech-to-speech on a 390 px screen, nothing wider than the screen',
    async () => {
      await choose('Source Language *', 'Hindi');
      await choose('Target Language *', 'Urdu');
      await page.getByRole('radio', { name: 'Male', exact: true }).check();
      // Crossing the md breakpoint mid-journey (no reload): the tab keeps its choices.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('tablist', { name: 'Model tasks' }).waitFor();
      expect(await comboText('Source Language *')).toBe('Hindi');
      expect(await comboText('Target Language *')).toBe('Urdu');
      expect(await comboText('ASR Model *')).toBe(ASR_NAME);
      expect(await page.getByRole('radio', { name: 'Male', exact: true }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Start recording' }).click();
      await page.getByText('Listening...').waitFor();
      await page.waitForTimeout(1500);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByLabel('Translated speech').waitFor({ timeout: 90_000 });
      await takeShot(page, 'phone-audio');
      await page.getByRole('region', { name: 'Speech-to-speech results' }).getByRole('tab', { name: 'Translation', exact: true }).click();
      await takeShot(page, 'phone-translation');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      // And back to the wide layout: the results are still there.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.getByRole('tablist', { name: 'Model tasks' }).waitFor({ state: 'detached' });
      expect(await page.getByLabel('Translation (you can correct it)').inputValue()).toMatch(URDU_SCRIPT);
      await page.getByRole('region', { name: 'Speech-to-speech results' }).getByRole('tab', { name: 'Audio', exact: true }).click();
      await page.getByLabel('Translated speech').waitFor();
    },
  );
});

import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MODEL_API, STREAMING_API, type StreamServerMessage } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { startReferenceModels, type ReferenceModels } from './service.ts';
import { createTtsEspeakEngine } from './engines/tts-espeak.ts';
import { checkModel } from '../model-health/service.ts';
import { getModelForCall } from '../models/service.ts';
import { closeAll } from '../../test/platform-hook.ts';

// The reference TTS engine's streaming variant, through the same relay as a contributor's model.
let p: TestPlatform;
let refs: ReferenceModels;
let base = '';

beforeAll(async () => {
  // No ALLOWED_FETCH_HOSTS: the relay may reach only the reference server's exact origin.
  p = await createTestPlatform({ config: { allowedFetchHosts: [], referenceModels: true } });
  const cacheDir = path.join(p.ctx.config.dataDir, 'cache', 'reference-models');
  fs.mkdirSync(cacheDir, { recursive: true });
  refs = await startReferenceModels(p.ctx, { engines: [createTtsEspeakEngine({ cacheDir, log: p.ctx.log })] });
  await refs.ready;
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(p.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => closeAll(refs, p));

describe('reference streaming TTS', () => {
  it('is registered beside the batch model, says so on its card, and speaks through the relay', async () => {
    const streaming = refs.models.find((m) => m.name.includes('streaming'));
    expect(streaming?.task.type).toBe('tts');
    expect(refs.models.filter((m) => m.task.type === 'tts')).toHaveLength(2);
    const card = (await p.app.inject({ method: 'GET', url: `${MODEL_API.getModel}?modelId=${streaming!.modelId}` })).json();
    const model = card.data ?? card;
    expect(model.description).toMatch(/^Streaming variant/);
    expect(model.inferenceEndPoint.schema.modelProcessingType).toEqual({ type: 'streaming' });
    expect(JSON.stringify(card)).not.toContain('127.0.0.1');

    const ws = new WebSocket(`${base}${STREAMING_API.tts}?modelId=${streaming!.modelId}&language=hi`);
    const frames: StreamServerMessage[] = [];
    const audio = new Promise<StreamServerMessage>((resolve, reject) => {
      ws.on('message', (d) => {
        const m = JSON.parse(String(d)) as StreamServerMessage;
        frames.push(m);
        if (m.type === 'audio' || m.type === 'error') resolve(m);
      });
      ws.on('error', reject);
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'infer', text: 'भारत एक विशाल देश है।', gender: 'male' }));
    const m = await audio;
    expect(m.type, JSON.stringify(m)).toBe('audio');
    const wav = Buffer.from(m.type === 'audio' ? m.audioContent : '', 'base64');
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    // More than half a second of 22 050 Hz 16-bit speech.
    expect(wav.length).toBeGreaterThan(22_050);
    expect(frames[0]).toEqual({ type: 'ready' });
    ws.close();

    // model/compute refuses it with a pointer to the relay, and the health round checks it over the socket.
    const compute = await p.app.inject({
      method: 'POST',
      url: MODEL_API.compute,
      payload: { modelId: streaming!.modelId, input: [{ source: 'नमस्ते' }] },
    });
    expect(compute.statusCode).toBe(400);
    expect(compute.json().code).toBe('STREAMING_MODEL');
    expect(await checkModel(p.ctx, await getModelForCall(p.ctx, streaming!.modelId, null))).toMatchObject({
      status: 'available',
      error: null,
    });
  });
});

/**
 * Reference-model benchmark: starts the reference-model server with every
 * engine the platform runs (engines/index.ts), then for each engine sends its requests through HTTP at 1 and at 8 concurrent
 * callers and prints calls/s and p50/p95 latency, the server's memory (RSS) before and after the
 * engines warm and its peak over the run. Baseline, in the same run: the engine's bare command
 * line (espeak-ng, apertium) on the same input, one process per call as the engines run it, so
 * the ratio is the cost of the HTTP server, validation and the engine's own checks.
 *
 * Inputs: the engine's example request (the one the health check sends: a one-line Hindi image
 * for OCR, a sentence for the text engines), Hindi sentences for TTS and translation, a 10 s
 * espeak-ng WAV for gender. Warm-up of each vision engine on its own, with a fresh cache:
 * bench/vision-engines.ts.
 *
 * Options: --calls N per engine and concurrency (default 40).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import wavefile from 'wavefile';
import type { ReferenceEngine } from '../apps/server/src/modules/reference-models/engine.ts';
import { createReferenceEngines } from '../apps/server/src/modules/reference-models/engines/index.ts';
import { startReferenceModelServer } from '../apps/server/src/modules/reference-models/server.ts';

const log = { info: () => undefined, warn: () => undefined, error: (o: unknown) => console.error(o) };

function arg(args: string[], name: string, dflt: number): number {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : dflt;
  if (!Number.isFinite(v) || v < 1) throw new RangeError(`--${name} must be a positive number`);
  return Math.floor(v);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** Runs `calls` calls of `fn` with `concurrency` callers; returns calls/s and sorted latencies (ms). */
async function load(fn: (i: number) => Promise<void>, calls: number, concurrency: number): Promise<{ perSecond: number; ms: number[] }> {
  const ms: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const i = next++;
        const t = performance.now();
        await fn(i);
        ms.push(performance.now() - t);
      }
    }),
  );
  return { perSecond: calls / ((performance.now() - started) / 1000), ms: ms.sort((a, b) => a - b) };
}

/** A 10 s 16 kHz WAV of espeak-ng's male Hindi voice: the gender engine's benchmark input. */
function speechWav(): string {
  const r = spawnSync('espeak-ng', ['-v', 'hi+m3', '--stdout', 'भारत एक विशाल देश है। यहाँ बहुत सी भाषाएँ बोली जाती हैं। '.repeat(3)], {
    maxBuffer: 1 << 26,
  });
  const raw = Buffer.from(r.stdout);
  raw.writeUInt32LE(raw.length - 8, 4);
  raw.writeUInt32LE(raw.length - 44, 40);
  const file = new wavefile.WaveFile(raw);
  file.toSampleRate(16000);
  return Buffer.from(file.toBuffer()).toString('base64');
}

interface Case {
  engine: ReferenceEngine;
  body: (i: number) => unknown;
  /** The bare command line doing the same work, or undefined when there is none. */
  baseline?: (i: number) => void;
}

const HINDI = ['मेरा नाम राम है।', 'आज मौसम अच्छा है।', 'वह पानी पीता है।', 'भारत एक बड़ा देश है।'];

export async function main(args: string[]): Promise<void> {
  const calls = arg(args, 'calls', 40);
  const opts = { cacheDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reference-')), log };
  const wav = speechWav();
  // Every engine the platform runs (engines/index.ts); a chosen input where one is worth more than the engine's example request.
  const inputs: Record<string, Omit<Case, 'engine'>> = {
    'tts-espeak': {
      body: (i) => ({ input: [{ source: HINDI[i % 4] }], config: { language: { sourceLanguage: 'hi' }, gender: 'female' } }),
      baseline: (i) => void spawnSync('espeak-ng', ['-b', '1', '-v', 'hi+f3', '--stdout'], { input: HINDI[i % 4], maxBuffer: 1 << 24 }),
    },
    'translation-apertium': {
      body: (i) => ({ input: [{ source: HINDI[i % 4] }], config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } }),
      baseline: (i) => void spawnSync('apertium', ['-u', 'hin-urd'], { input: HINDI[i % 4] }),
    },
    'gender-pitch': { body: () => ({ audio: [{ audioContent: wav }] }) },
  };
  const cases: Case[] = createReferenceEngines(opts).map((engine) => ({
    engine,
    ...(inputs[engine.id] ?? { body: () => engine.exampleRequest }),
  }));

  const rssStart = process.memoryUsage().rss;
  let peak = rssStart;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const server = await startReferenceModelServer(
    cases.map((c) => c.engine),
    { host: '127.0.0.1', port: 0, log },
  );
  await server.ready;
  console.log(
    `engines warm in ${(performance.now() - t0).toFixed(0)} ms; server RSS ${mb(rssStart)} before, ${mb(process.memoryUsage().rss)} after warm-up`,
  );
  console.log('engine                     callers  calls/s   p50 ms   p95 ms   bare CLI p50 ms   ratio p50');
  for (const c of cases) {
    for (const concurrency of [1, 8]) {
      const r = await load(
        async (i) => {
          const res = await fetch(`${server.baseUrl}/${c.engine.id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(c.body(i)),
          });
          if (res.status !== 200) throw new Error(`${c.engine.id} answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        },
        calls,
        concurrency,
      );
      let bare = '';
      let ratio = '';
      if (c.baseline && concurrency === 1) {
        const b = await load(async (i) => c.baseline!(i), calls, 1);
        bare = percentile(b.ms, 50).toFixed(0);
        ratio = `${(percentile(r.ms, 50) / percentile(b.ms, 50)).toFixed(2)}×`;
      }
      console.log(
        `${c.engine.id.padEnd(26)} ${String(concurrency).padStart(7)} ${r.perSecond.toFixed(1).padStart(8)} ${percentile(r.ms, 50).toFixed(0).padStart(8)} ${percentile(r.ms, 95).toFixed(0).padStart(8)} ${bare.padStart(17)} ${ratio.padStart(11)}`,
      );
    }
  }
  clearInterval(sampler);
  console.log(`peak server RSS over the run: ${mb(peak)}`);
  await server.close();
  fs.rmSync(opts.cacheDir, { recursive: true, force: true });
}

/**
 * Large model answers benchmark (docs/benchmarks.md#large-model-answers; docs/operations.md#model-answers):
 * how long the event loop is held while tts answers of about 19 MiB are read, and how many are read
 * per second, in the same run:
 *
 *   loop (baseline)  what the proxy did on the loop per answer before: decode, JSON.parse, the tts
 *                    response schema, then Fastify's re-serialisation (JSON.stringify, Buffer.from)
 *   pool             net/answer-pool.ts: the bytes gathered into shared memory in 64 KiB chunks (as
 *                    safe-fetch.ts does while they arrive), parsed and checked in worker threads
 *                    (LARGE_ANSWER_CONCURRENCY at once), the value sent back
 *
 * Prints the longest loop stall of each (the baseline's is its whole step), answers/s, and the ratio
 * of the stalls. Options: --answers N (default 8, all at once), --mib N (default 19).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { inferenceResponseSchemas } from '@ulca/contracts';
import { AnswerPool } from '../apps/server/src/net/answer-pool.ts';
import { LARGE_ANSWER_CONCURRENCY } from '../apps/server/src/modules/inference/state.ts';
import { silentWav } from '../apps/server/src/test/model-server.ts';
import { arg } from './cli.ts';

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** Runs `fn` while sampling the loop's delay; resolves with the longest stall (ms) and the wall time (ms). */
async function watched(fn: () => Promise<void>): Promise<{ stallMs: number; wallMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t0 = performance.now();
  await fn();
  const wallMs = performance.now() - t0;
  // One more turn, so a stall at the very end is sampled.
  await new Promise((r) => setTimeout(r, 20));
  h.disable();
  return { stallMs: h.max / 1e6, wallMs };
}

/** Runs the bench (see the file comment) and prints its figures. */
export async function main(args: string[]): Promise<void> {
  const answers = arg(args, 'answers', 8);
  const mib = arg(args, 'mib', 19);
  const wav = silentWav((((mib * 3) / 4) * MiB) / 32000);
  const bytes = Buffer.from(JSON.stringify({ audio: [{ audioContent: wav.toString('base64') }], config: { audioFormat: 'wav' } }));
  // The socket's chunks of one answer, as safe-fetch.ts receives them.
  const chunks = Array.from({ length: Math.ceil(bytes.length / CHUNK) }, (_, i) => bytes.subarray(i * CHUNK, (i + 1) * CHUNK));
  console.log(`${answers} answers of ${(bytes.length / MiB).toFixed(1)} MiB each`);

  // Baseline: each answer is one step on the loop; the longest step is the stall.
  let loopStall = 0;
  const loop = await watched(async () => {
    for (let i = 0; i < answers; i++) {
      const t0 = performance.now();
      const value: unknown = JSON.parse(bytes.toString('utf8'));
      const checked = inferenceResponseSchemas.tts.safeParse(value);
      if (!checked.success) throw new Error('the answer does not follow the tts schema');
      Buffer.from(JSON.stringify(checked.data));
      loopStall = Math.max(loopStall, performance.now() - t0);
      await new Promise((r) => setImmediate(r));
    }
  });

  const pool = new AnswerPool(LARGE_ANSWER_CONCURRENCY, 60_000);
  // The threads' start is paid once per process, before the first large answer arrives (AnswerPool.warm).
  await pool.parse(Buffer.from('{}'), 'tts');
  const off = await watched(async () => {
    await Promise.all(
      Array.from({ length: answers }, async () => {
        const shared = Buffer.from(new SharedArrayBuffer(bytes.length));
        let at = 0;
        for (const chunk of chunks) {
          at += chunk.copy(shared, at);
          // Chunks arrive one per socket read: other work runs in between.
          await new Promise((r) => setImmediate(r));
        }
        const parsed = await pool.parse(shared, 'tts');
        if (!parsed.json || parsed.problem !== null) throw new Error('the answer does not follow the tts schema');
      }),
    );
  });
  await pool.close();

  const rate = (wallMs: number) => (answers / (wallMs / 1000)).toFixed(1);
  console.log(`loop (baseline): longest stall ${loopStall.toFixed(0)} ms per answer, ${rate(loop.wallMs)} answers/s`);
  console.log(
    `pool: longest stall ${off.stallMs.toFixed(0)} ms over ${answers} answers at once, ${rate(off.wallMs)} answers/s ` +
      `(${LARGE_ANSWER_CONCURRENCY} threads)`,
  );
  console.log(
    `ratio: stall ${(off.stallMs / loopStall).toFixed(2)} × the baseline's, throughput ${(loop.wallMs / off.wallMs).toFixed(2)} × the baseline's`,
  );
}

// A separate worker process for the benchmark-run crash test: starts the real
// benchmark-run worker (which takes queued runs and re-queues In-Progress ones) with a small batch
// and prints `batch <stored>` after each stored batch, so the test can SIGKILL it mid-run.
// Usage: tsx benchmark-worker-process.ts <DATABASE_URL> <dataDir> <batchRows>
import { startBenchmarkRunWorker } from '../modules/benchmarks/run-job.ts';
import { childProcessServices } from './child-services.ts';

const [url, dataDir, batchRows] = process.argv.slice(2);
const ctx = await childProcessServices(url, dataDir);
await startBenchmarkRunWorker(ctx, {
  batchRows: Number(batchRows),
  onBatch: (stored) => {
    process.stdout.write(`batch ${stored}\n`);
  },
});
process.stdout.write('ready\n');

// A separate worker process for the speech-to-speech crash test: starts the real sts-batch worker
// on the test database and prints `ready`, so the test can SIGKILL it mid-batch.
// Usage: tsx sts-worker-process.ts <DATABASE_URL> <dataDir>
import { startStsBatchWorker } from '../modules/sts/batch-job.ts';
import { childProcessServices } from './child-services.ts';

const [url, dataDir] = process.argv.slice(2);
const ctx = await childProcessServices(url, dataDir);
await startStsBatchWorker(ctx);
process.stdout.write('ready\n');

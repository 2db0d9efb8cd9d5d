// A separate worker process for the crash test: runs one submission's job with a slow publish so
// the test can SIGKILL it mid-publish. Usage: tsx worker-process.ts <DATABASE_URL> <dataDir> <srn> <chunkRows>
import { closeServices } from '../services.ts';
import { runIngestJob } from '../modules/datasets/service.ts';
import { childProcessServices } from './child-services.ts';

const [url, dataDir, srn, chunkRows] = process.argv.slice(2);
const ctx = await childProcessServices(url, dataDir);
await runIngestJob(ctx, srn, {
  publishChunkRows: Number(chunkRows),
  onPublishChunk: async () => {
    process.stdout.write('chunk\n');
    await new Promise((r) => setTimeout(r, 300));
  },
});
await closeServices(ctx);
process.stdout.write('done\n');
process.exit(0);

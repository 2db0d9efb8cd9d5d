import { makeParallelZip } from '../apps/server/src/test/fixtures.ts';
import { openArchive } from '../apps/server/src/modules/datasets/pipeline/archive.ts';
import { processArchive } from '../apps/server/src/modules/datasets/pipeline/process.ts';
const zip = await makeParallelZip({ rows: 100000, destDir: '/tmp/prof', seed: 'p' });
const lim = { maxUnzippedBytes: 1e12, maxCompressionRatio: 1e9, maxZipEntries: 1e6 };
let t = performance.now();
let a = await openArchive(zip, lim);
let n = 0;
for await (const _ of a.rows()) n++;
console.log('rows only', n, (n / ((performance.now() - t) / 1000)).toFixed(0), '/s');
await a.close();
t = performance.now();
a = await openArchive(zip, lim);
n = 0;
let bytes = 0;
for await (const ev of processArchive(a)) { n++; if (ev.kind === 'valid') bytes += JSON.stringify(ev.record.data).length; }
console.log('process+stringify', n, (n / ((performance.now() - t) / 1000)).toFixed(0), '/s');

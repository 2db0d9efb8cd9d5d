/**
 * Cost of the ocr, img-lang-detection and txt-lang-detection reference engines
 * (docs/product.md#reference-models): for each, warm-up time (with a fresh cache folder, so the first start's unpacking
 * of the traineddata counts), the process's resident memory after warm() (tesseract workers are
 * threads of this process, so RSS holds them), and the latency (p50/p95 over --calls sequential
 * calls) of one call on a one-line image or sentence. The images are rendered here with Debian
 * Chromium before anything is measured, and Chromium is closed again.
 *
 * Run: `npx tsx bench/vision-engines.ts [--calls N]` (default 20).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOcrTesseractEngine } from '../apps/server/src/modules/reference-models/engines/ocr-tesseract.ts';
import { createImgLangTesseractEngine } from '../apps/server/src/modules/reference-models/engines/img-lang-tesseract.ts';
import { createTxtLangFasttextEngine } from '../apps/server/src/modules/reference-models/engines/txt-lang-fasttext.ts';
import { startTextRenderer } from '../apps/server/src/test/render-text.ts';
import type { ReferenceEngine } from '../apps/server/src/modules/reference-models/engine.ts';

const i = process.argv.indexOf('--calls');
const CALLS = i > 0 ? Math.max(1, Number(process.argv[i + 1]) || 20) : 20;
const log = { info() {}, warn() {}, error() {} };
const rssMb = () => process.memoryUsage().rss / 1e6;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const renderer = await startTextRenderer();
const hindi = (await renderer.png(['भारत एक विशाल देश है जहाँ अनेक भाषाएँ बोली जाती हैं'], 'Noto Sans Devanagari')).toString('base64');
const tamil = (await renderer.png(['தமிழ் மொழி மிகவும் பழமையான மொழியாகும்'], 'Noto Sans Tamil')).toString('base64');
await renderer.close();

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vision-'));
const rows: string[] = [];

async function measure<T extends ReferenceEngine>(label: string, engine: T, call: () => Promise<unknown>): Promise<void> {
  const rss0 = rssMb();
  const t0 = performance.now();
  await engine.warm();
  const warmMs = performance.now() - t0;
  const rss1 = rssMb();
  const times: number[] = [];
  for (let n = 0; n < CALLS; n++) {
    const s = performance.now();
    await call();
    times.push(performance.now() - s);
  }
  rows.push(
    `| ${label} | ${warmMs.toFixed(0)} | +${(rss1 - rss0).toFixed(0)} (${rss1.toFixed(0)}) | ${pct(times, 50).toFixed(0)} | ${pct(times, 95).toFixed(0)} |`,
  );
}

console.log(
  `node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}; ${CALLS} calls each; baseline rss ${rssMb().toFixed(0)} MB`,
);
const txt = createTxtLangFasttextEngine({ cacheDir, log });
await measure('txt-lang-fasttext (one sentence)', txt, () => txt.infer({ input: [{ source: 'मुझे सुबह की सैर करना बहुत पसंद है' }] }));
const ocr = createOcrTesseractEngine({ cacheDir, log });
await measure('ocr-tesseract (one Hindi line)', ocr, () =>
  ocr.infer({ image: [{ imageContent: hindi }], config: { language: { sourceLanguage: 'hi' } } }),
);
const t1 = performance.now();
await ocr.infer({ image: [{ imageContent: tamil }], config: { language: { sourceLanguage: 'ta' } } });
console.log(`ocr Tamil call: ${(performance.now() - t1).toFixed(0)} ms`);
const img = createImgLangTesseractEngine({ cacheDir, log });
await measure('img-lang-tesseract (one Hindi line)', img, () => img.infer({ image: [{ imageContent: hindi }] }));

console.log('\n| engine | warm-up ms | rss MB after warm() (total) | p50 ms | p95 ms |\n|---|---|---|---|---|');
console.log(rows.join('\n'));
await Promise.all([txt.close(), ocr.close(), img.close()]);
fs.rmSync(cacheDir, { recursive: true, force: true });
process.exit(0);

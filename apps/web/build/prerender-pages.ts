// Last step of the web build (package.json "build"): writes the prerendered public pages next to
// index.html, one per language and screen class (docs/architecture.md#prerendered-pages).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import {
  PRERENDER_LANGUAGES,
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  PRERENDERED_PAGES,
  prerenderedFile,
  SCREEN_CLASSES,
} from '@ulca/contracts';
import { fillTemplate } from '../src/prerender-template.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');

type Render = typeof import('../src/prerender.tsx').renderPage;

async function main(): Promise<void> {
  const { renderPage } = (await import(pathToFileURL(path.join(web, 'dist-ssr', 'prerender.js')).href)) as { renderPage: Render };
  const template = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const out = path.join(dist, PRERENDERED_DIR);
  await fs.rm(out, { recursive: true, force: true });
  await fs.mkdir(out, { recursive: true });
  for (const page of PRERENDERED_PAGES) {
    for (const lang of PRERENDER_LANGUAGES) {
      for (const screen of SCREEN_CLASSES) {
        const { html, head, title } = await renderPage(page.pathname, lang, screen);
        const file = path.join(out, prerenderedFile(page.name, lang, screen));
        const text = fillTemplate(template, html, head, lang, title);
        // Precompressed like the rest of the build (vite.config.ts), so no request pays for it.
        await fs.writeFile(file, text);
        await fs.writeFile(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
        await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    }
  }
  await fs.writeFile(path.join(out, PRERENDERED_INDEX), JSON.stringify(PRERENDERED_PAGES));
  console.log(`prerendered ${PRERENDERED_PAGES.length} pages × ${PRERENDER_LANGUAGES.length} languages × ${SCREEN_CLASSES.length} screens`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}

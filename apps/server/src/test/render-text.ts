/**
 * Test helper for the image engines: renders lines of text to PNG with headless Debian Chromium
 * (fonts-noto-core, installed by scripts/ensure-chromium.mjs), so the OCR tests make their own
 * input offline. Not used at run time.
 */
import { chromium, type Browser } from 'playwright-core';

/** The Chromium binary (Debian's by default; CHROMIUM_PATH overrides it, as in e2e/support/browser.ts). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A text renderer backed by one Chromium page; close() it when done. */
export interface TextRenderer {
  /**
   * PNG bytes of `lines` in `font` (a Noto family name), black on white, `px` high glyphs, 24 px
   * margin. `css` adds declarations to the text box (e.g. `color:#555;filter:blur(0.5px)`) for harder images.
   */
  png(lines: string[], font: string, px?: number, css?: string): Promise<Buffer>;
  close(): Promise<void>;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Starts Chromium (about 1–2 s) and returns a renderer. */
export async function startTextRenderer(): Promise<TextRenderer> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1400, height: 400 } });
  return {
    async png(lines, font, px = 32, css = '') {
      const body = lines.map((l) => `<div>${escape(l)}</div>`).join('');
      await page.setContent(
        `<body style="margin:0;background:#fff"><div id="t" style="display:inline-block;padding:24px;font:${px}px '${font}';line-height:1.6;color:#000;white-space:nowrap;${css}">${body}</div></body>`,
      );
      await page.evaluate(() => document.fonts.ready);
      return page.locator('#t').screenshot({ type: 'png' });
    },
    close: () => browser.close(),
  };
}

/** One PNG of `line` in `font` (TextRenderer.png), from a renderer started and closed for it. */
export async function renderLine(line: string, font: string): Promise<Buffer> {
  const renderer = await startTextRenderer();
  try {
    return await renderer.png([line], font);
  } finally {
    await renderer.close();
  }
}

/** Levenshtein distance between two strings, in code points. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[y.length]!;
}

/** Character error rate of `hyp` against `ref` (edit distance / reference length, code points, whitespace collapsed). */
export function characterErrorRate(ref: string, hyp: string): number {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const r = norm(ref);
  return editDistance(r, norm(hyp)) / [...r].length;
}

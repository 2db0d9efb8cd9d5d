/**
 * Indian-script fonts (docs/product.md#fonts): on a machine whose only fonts are Latin (Chromium
 * started with a fontconfig that lists DejaVu alone), Tamil and Gurmukhi text on a page of the app
 * is drawn with the Noto faces the app bundles, and a script that does not appear is not fetched.
 * Screenshots: test-results/e2e/fonts-<nn>-<step>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserJourney } from './support/journey.ts';
import type { RunningPlatform } from './support/server.ts';

const journey = new BrowserJourney('fonts-');
const { step, screenshot } = journey;

let platform: RunningPlatform;
let page: Page;
let fontDir: string;

/** The bundled faces of `family` and whether each was fetched. */
const facesOf = (family: string) =>
  page.evaluate((f) => [...document.fonts].filter((face) => face.family.replace(/"/g, '') === f).map((face) => face.status), family);

beforeAll(async () => {
  fontDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-fonts-'));
  const conf = path.join(fontDir, 'fonts.conf');
  fs.writeFileSync(
    conf,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>${fontDir}/cache</cachedir></fontconfig>\n`,
  );
  platform = await journey.startPlatform();
  await journey.launch({ env: { FONTCONFIG_FILE: conf } });
  page = await journey.openPage();
}, 180_000);

afterAll(() => journey.tearDown({ tempDirs: [fontDir] }));

describe('Indian-script fonts without system fonts', () => {
  step('Tamil and Gurmukhi text is drawn with the bundled Noto faces; other scripts are not fetched', async () => {
    await page.goto(`${platform.baseUrl}/ulca/`);
    await page.getByRole('main').waitFor();
    expect(await facesOf('Noto Sans Tamil')).not.toContain('loaded');
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.style.fontSize = '32px';
      p.textContent = 'தமிழ் மொழி — ਪੰਜਾਬੀ ਭਾਸ਼ਾ';
      document.querySelector('main')!.prepend(p);
    });
    await page.evaluate(() => document.fonts.ready);
    await expect.poll(() => facesOf('Noto Sans Tamil')).toContain('loaded');
    await expect.poll(() => facesOf('Noto Sans Gurmukhi')).toContain('loaded');
    expect(await facesOf('Noto Sans Malayalam')).not.toContain('loaded');
    expect(await facesOf('Noto Nastaliq Urdu')).not.toContain('loaded');
    await screenshot('tamil-gurmukhi');
  });
});

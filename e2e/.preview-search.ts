// TEMPORARY preview harness (not a test; deleted before the report): looks at the search form while the server routes are missing.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DATASET_FILTER_PARAMS, MASTER_DATA } from '../packages/contracts/src/index.ts';
import { startPlatform } from './support/server.ts';

const out = '/tmp/search-preview';
const platform = await startPlatform();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  await page.route('**/ulca/mdms/v0/fetch-master/bulk', (route) =>
    route.fulfill({ json: { data: { datasetFilterParams: DATASET_FILTER_PARAMS, languages: MASTER_DATA.languages, mixedDatasrc: (MASTER_DATA as Record<string, unknown>).mixedDatasrc ?? [{ code: 'vaani', label: 'Vaani', active: true }] } } }),
  );
  const at = (p: string) => `${platform.baseUrl}/ulca${p}`;
  await page.goto(at('/user/login'));
  await page.getByLabel('Email address').fill('admin@ulca.local');
  await page.getByLabel('Password', { exact: true }).fill(platform.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await page.goto(at('/search-and-download-rec/initiate/-1'));
  await page.getByRole('combobox', { name: 'Target languages' }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, '01-form.png'), fullPage: true });
  await page.getByRole('combobox', { name: 'Target languages' }).click();
  await page.getByRole('option', { name: 'Hindi', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, '02-mandatory.png'), fullPage: true });
  await page.getByRole('combobox', { name: 'Collection Method' }).click();
  await page.getByRole('option', { name: 'Auto Aligned', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: 'Advanced filters' }).check();
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, '03-advanced.png'), fullPage: true });
  await page.getByRole('combobox', { name: 'Dataset type' }).click();
  await page.getByRole('option', { name: 'ASR Dataset', exact: true }).click();
  await page.getByRole('combobox', { name: 'Data source' }).click();
  await page.getByRole('option', { name: 'Vaani', exact: true }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, '04-asr.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, '05-asr-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(at('/my-searches'));
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(out, '06-my-searches.png'), fullPage: true });
} finally {
  await browser.close();
  await platform.stop();
  await platform.cleanup();
}

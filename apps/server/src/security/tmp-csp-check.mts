import { chromium } from 'playwright-core';
import { startPlatform } from '../../../../e2e/support/server.ts';

const p = await startPlatform({ env: { WORKERS: 'false' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
try {
  for (const [name, url, wait] of [['docs', '/ulca/docs', '.swagger-ui .info'], ['dashboard', '/ulca/dashboard', '#root *'], ['login', '/ulca/user/login', 'input']] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const messages: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || /Content Security Policy|CSP/i.test(m.text())) messages.push(`${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    await page.goto(p.baseUrl + url, { waitUntil: 'networkidle' });
    await page.waitForSelector(wait, { timeout: 20000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/work/main/test-results/security/csp-${name}.png` });
    console.log(name, 'ok; console errors:', messages.length ? messages : 'none');
    await page.close();
  }
} finally {
  await browser.close();
  await p.stop();
  await p.cleanup();
}

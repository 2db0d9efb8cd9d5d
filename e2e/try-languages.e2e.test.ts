/**
 * Every language a model offers can be tried, in headless
 * Chromium against the real platform with the offline reference models on: the Explore filter
 * Urdu → Hindi carries to Apertium's try panel, which translates both ways; Hindi typed in Roman
 * letters converts word by word on Space (the last word on Translate); eSpeak speaks Tamil; Tesseract
 * reads an English image as English; an image URL is not previewed (the CSP) and says so;
 * speech-to-speech takes Roman Hindi with spaces too. Then one try panel and the speech-to-speech
 * tab in Hindi and in Tamil: no English catalogue text left in it and no axe-core violation
 * (docs/product.md#languages-of-the-interface). Wide 1366×900 and phone 390×844; screenshots:
 * test-results/e2e/trylangs-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, checkPage, htmlLang, untranslatedEnglish } from './support/i18n.ts';
import { newPageWithTimeout } from './support/browser.ts';
import { BrowserJourney, PHONE, searchModels } from './support/journey.ts';
import type { RunningPlatform } from './support/server.ts';
import { characterErrorRate, renderLine } from '../apps/server/src/test/render-text.ts';

const ENGLISH_LINE = 'The quick brown fox jumps over the lazy dog';
const URDU = 'میرا نام رام ہے';
const HINDI = 'मेरा नाम राम है';

let platform: RunningPlatform;
let page: Page;
let small: Page;
let png: Buffer;
/** Reference model id by task. */
const idOf: Record<string, string> = {};

const journey = new BrowserJourney('trylangs-');
const { takeShot, at } = journey;
const tryPath = (task: string, query = '') => at(`/search-model/${encodeURIComponent(idOf[task]!)}/model${query}`);
const output = (p: Page) => p.getByTestId('try-output');
const picker = (p: Page, name: RegExp) => p.getByRole('combobox', { name });

/** Chooses `option` in the select named `name`. */
async function choose(p: Page, name: RegExp, option: string): Promise<void> {
  await picker(p, name).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The visible texts inside `selector` that are English catalogue texts with no translation of
 * their own: englishLeft (e2e/support/i18n.ts) narrowed to one part of the page.
 */
async function englishLeftIn(p: Page, selector: string, lang: 'hi' | 'ta'): Promise<string[]> {
  const english = untranslatedEnglish(lang);
  const visible = await p.locator(selector).evaluate((root) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim();
      if (!el || !text || el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      texts.push(text);
    }
    // Labels and names read aloud count too.
    for (const el of root.querySelectorAll('[aria-label],[placeholder],[alt]'))
      for (const a of ['aria-label', 'placeholder', 'alt']) if (el.getAttribute(a)) texts.push(el.getAttribute(a)!.trim());
    return texts;
  });
  return [...new Set(visible.filter((t) => english.has(t)))];
}

/** Types Hindi in Roman letters with spaces, then translates to Urdu: the words convert as typed, the last on Translate. */
async function romanHindiToUrdu(p: Page, shot: string): Promise<void> {
  await p.goto(tryPath('translation', '?source=hi&target=ur'));
  await expect.poll(() => picker(p, /^Source language/).innerText(), { timeout: 30_000 }).toBe('Hindi');
  const toggle = p.getByRole('switch', { name: /Transliteration/ }).or(p.getByRole('checkbox', { name: /Transliteration/ }));
  await expect.poll(() => toggle.count(), { timeout: 30_000 }).toBe(1);
  expect(await toggle.isChecked()).toBe(true);
  const box = p.getByRole('textbox', { name: 'Hindi text' });
  // Hinglish as people type it: the words are spelt right (मेरा, राम), not read as strict ITRANS (मेर, रम).
  await box.pressSequentially('mera naam ram hai', { delay: 80 });
  // Each word closed by a space is now in Devanagari; the last one is still being typed.
  await expect.poll(() => box.inputValue(), { timeout: 20_000 }).toBe('मेरा नाम राम hai');
  await takeShot(p, `${shot}-typed`);
  await p.getByRole('button', { name: /^Translate$/ }).click();
  await expect.poll(() => output(p).count(), { timeout: 60_000 }).toBe(1);
  // Translate converted the last word first: the model never got a Roman word.
  expect(await box.inputValue()).toBe(HINDI);
  expect((await output(p).innerText()).trim()).toBe(URDU);
  await takeShot(p, shot);
}

describe('try every language of a model', () => {
  beforeAll(async () => {
    png = await renderLine(ENGLISH_LINE, 'Noto Sans');
    platform = await journey.startPlatform({ env: { REFERENCE_MODELS: 'true' } });
    for (const task of ['translation', 'tts', 'ocr', 'transliteration']) {
      const found = (await searchModels(platform, task)).find(
        (m) => m.submitter.name === 'ULCA reference models' && !m.name.includes('streaming'),
      );
      if (!found) throw new Error(`no reference ${task} model listed:\n${platform.output().slice(-3000)}`);
      idOf[task] = found.modelId;
    }
    page = await journey.openPage({ viewport: { width: 1366, height: 900 } }, 60_000);
    small = await journey.openPage(PHONE, 60_000);
  }, 240_000);

  afterAll(() => journey.tearDown());

  const { step } = journey;

  step('the Explore filter Urdu → Hindi carries to the try panel of Apertium, which translates Urdu to Hindi', async () => {
    await page.goto(at('/model/explore-models'));
    await choose(page, /^Source Language/, 'Urdu');
    await choose(page, /^Target Language/, 'Hindi');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Apertium Hindi↔Urdu (reference)').first().click();
    await page.getByRole('button', { name: 'Try Model' }).click();
    await expect.poll(() => picker(page, /^Source language/).innerText(), { timeout: 30_000 }).toBe('Urdu');
    expect(await picker(page, /^Target language/).innerText()).toBe('Hindi');
    expect(page.url()).toMatch(/\/model\?source=ur&target=hi$/);
    await page.getByRole('textbox', { name: 'Urdu text' }).fill(URDU);
    await page.getByRole('button', { name: /^Translate$/ }).click();
    await expect.poll(() => output(page).count(), { timeout: 60_000 }).toBe(1);
    expect((await output(page).innerText()).trim()).toBe(HINDI);
    await takeShot(page, 'apertium-ur-hi');
  });

  step('Hindi typed in Roman letters converts on Space, and Apertium translates it to Urdu', () =>
    romanHindiToUrdu(page, 'apertium-hi-ur'),
  );

  step('eSpeak speaks Tamil: the language is chosen in the panel', async () => {
    await page.goto(tryPath('tts'));
    await expect.poll(() => picker(page, /^Language/).innerText(), { timeout: 30_000 }).toBe('Hindi');
    await choose(page, /^Language/, 'Tamil');
    await page.getByRole('textbox', { name: 'Tamil text' }).fill('வணக்கம், எப்படி இருக்கிறீர்கள்?');
    await page.getByRole('button', { name: /^Convert$/ }).click();
    const audio = page.locator('audio');
    await audio.waitFor({ timeout: 90_000 });
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await takeShot(page, 'espeak-tamil');
  });

  step('Tesseract reads an English image as English (language from the Explore filter)', async () => {
    await page.goto(tryPath('ocr', '?language=en'));
    await expect.poll(() => picker(page, /^Language/).innerText(), { timeout: 30_000 }).toBe('English');
    await page.locator('input[type="file"]').setInputFiles({ name: 'english-line.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Image to try' }).waitFor();
    await page.getByRole('button', { name: /^Convert$/ }).click();
    await expect.poll(() => output(page).count(), { timeout: 90_000 }).toBe(1);
    const text = (await output(page).innerText()).trim();
    const cer = characterErrorRate(ENGLISH_LINE, text);
    console.log(`e2e OCR English: "${text}" CER ${cer.toFixed(3)}`);
    expect(cer).toBeLessThan(0.1);
    await takeShot(page, 'ocr-english');
  });

  step('an image URL is not previewed (the page shows only its own images) and the panel says so', async () => {
    await page.getByRole('tab', { name: 'Image URL' }).click();
    await page.getByRole('textbox', { name: 'Public image URL' }).fill('https://example.com/page.png');
    await page.getByText(/is not previewed here/).waitFor();
    expect(await page.getByRole('img', { name: 'Image to try' }).count()).toBe(0);
    await takeShot(page, 'ocr-url-no-preview');
  });

  step('speech-to-speech: Hindi typed in Roman letters with spaces is translated to Urdu and spoken', async () => {
    await page.goto(at('/model/explore-models?task=sts'));
    const sts = page.locator('section[aria-labelledby="sts-title"]');
    await sts.getByRole('combobox', { name: /^Source Language/ }).click();
    await page.getByRole('option', { name: 'Hindi', exact: true }).click();
    await sts.getByRole('combobox', { name: /^Target Language/ }).click();
    await page.getByRole('option', { name: 'Urdu', exact: true }).click();
    // The transliterating input replaces the plain box once the transliteration model for Hindi is known.
    await sts.getByText(/You can type in Roman letters/).waitFor({ timeout: 30_000 });
    const box = sts.getByRole('textbox', { name: 'Hindi text' });
    await box.pressSequentially('merA nAma rAma hai ', { delay: 80 });
    await expect.poll(() => box.inputValue(), { timeout: 20_000 }).toBe(`${HINDI} `);
    await sts.getByRole('button', { name: 'Translate and speak' }).click();
    await sts.getByLabel('Translated speech').waitFor({ timeout: 60_000 });
    await sts.getByRole('tab', { name: 'Translation' }).click();
    expect(await sts.getByLabel('Translation (you can correct it)').inputValue()).toBe(URDU);
    await takeShot(page, 'sts-roman-hindi-to-urdu');
  });

  step('on a phone: Roman Hindi with spaces to Urdu, and Tamil speech from ?language=ta', async () => {
    await romanHindiToUrdu(small, 'phone-apertium-hi-ur');
    await small.goto(tryPath('tts', '?language=ta'));
    await expect.poll(() => picker(small, /^Language/).innerText(), { timeout: 30_000 }).toBe('Tamil');
    await small.getByRole('textbox', { name: 'Tamil text' }).fill('நன்றி');
    await small.getByRole('button', { name: /^Convert$/ }).click();
    await small.locator('audio').waitFor({ timeout: 90_000 });
    await takeShot(small, 'phone-espeak-tamil');
  });

  for (const [lang, wide] of [
    ['hi', true],
    ['ta', false],
  ] as const) {
    step(
      `a try panel in ${lang === 'hi' ? 'Hindi' : 'Tamil'} (${wide ? '1366×900' : '390×844'}): no English left, no axe violation`,
      async () => {
        const context = await journey.browser!.newContext({
          viewport: wide ? { width: 1366, height: 900 } : { width: 390, height: 844 },
          locale: `${lang}-IN`,
          ...(wide ? {} : { isMobile: true, hasTouch: true }),
          bypassCSP: true,
        });
        const p = await newPageWithTimeout(context, 60_000);
        try {
          await p.goto(tryPath('translation', '?source=ur&target=hi'));
          await expect.poll(() => htmlLang(p)).toBe(lang);
          await expect.poll(() => p.locator('#try-title').innerText(), { timeout: 30_000 }).toMatch(lang === 'hi' ? /आज़माएँ/ : /முயன்று/);
          await p.getByRole('textbox').first().fill(URDU);
          await p
            .getByRole('button', { name: lang === 'hi' ? 'अनुवाद करें' : 'மொழிபெயர்' })
            .first()
            .click();
          await expect.poll(() => output(p).count(), { timeout: 60_000 }).toBe(1);
          expect(await englishLeftIn(p, 'section[aria-labelledby="try-title"]', lang)).toEqual([]);
          // The whole model page too (its header and cards are the models feature's).
          await checkPage(p, lang, `panel-${lang}`, { shoot: takeShot });
          // Speech-to-speech in the same language, its first source and target chosen.
          await p.goto(at('/model/explore-models?task=sts'));
          const sts = p.locator('section[aria-labelledby="sts-title"]');
          await sts.waitFor({ timeout: 30_000 });
          for (const nth of [0, 1]) {
            await sts.getByRole('combobox').nth(nth).click();
            await p.getByRole('option').first().click();
          }
          await sts.getByRole('textbox').first().waitFor();
          expect(await englishLeftIn(p, 'section[aria-labelledby="sts-title"]', lang)).toEqual([]);
          expect(await axeViolations(p)).toEqual([]);
          await takeShot(p, `sts-${lang}`);
        } finally {
          await context.close();
        }
      },
    );
  }
});

/**
 * Account self-service (docs/product.md#profile-and-api-keys "My account") in headless Chromium
 * against the real platform: a user edits their name, changes their password (the wrong current
 * one is refused beside the field) and deletes their account after the dialog has said what goes
 * and what stays; the same screens in Hindi (no English catalogue text left, no axe violation),
 * wide and on a phone; a browser holding an ended session stays on a public model card as a
 * visitor; the footer shows the operator's contact items. Screenshots at 1366×900 and 390×844:
 * test-results/e2e/account-self-service-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPageWithTimeout } from './support/browser.ts';
import { axeViolations, englishLeft, htmlLang } from './support/i18n.ts';
import { BrowserJourney, PHONE, searchModels } from './support/journey.ts';
import { waitForMailLink, type RunningPlatform } from './support/server.ts';

const PASSWORD = 'First&Pass1';
const NEW_PASSWORD = 'Second&Pass2';

let platform: RunningPlatform;
let phone: BrowserContext;
let page: Page;
let modelId = '';
const pageErrors: string[] = [];

const journey = new BrowserJourney('account-self-service-');
const { takeShot, at } = journey;
const api = (p: string) => `${platform.baseUrl}/ulca/user-mgmt/v1/users/${p}`;
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Signs up `email` (in `language`) and follows the activation link of the e-mail. */
async function newActiveUser(email: string, firstName: string, language: 'en' | 'hi'): Promise<void> {
  const res = await post(api('signup'), { users: [{ firstName, email, password: PASSWORD, language }] });
  expect(res.status).toBe(200);
  const link = await waitForMailLink(platform.outboxDir, email, `${platform.baseUrl}/ulca/activate/`);
  const [mail, userID, token] = new URL(link).pathname.replace(/^.*\/ulca\/activate\//, '').split('/');
  const verified = await post(api('verify-user'), { email: decodeURIComponent(mail), userID, token });
  expect(verified.status).toBe(200);
}

/** Signs in by the API and stores the session in `p`'s browser storage, as the login page does. */
async function storeSession(p: Page, email: string, password: string, language?: 'hi'): Promise<void> {
  const res = await post(api('login'), { authenticator: 'ULCA', data: { email, password } });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { userKeys: unknown; userDetails: unknown } };
  await p.goto(at('/intro'));
  await p.evaluate(
    ([session, lang]) => {
      localStorage.setItem('ulca.session', session);
      if (lang) localStorage.setItem('ulca.language', lang);
    },
    [JSON.stringify({ userDetails: data.userDetails, userKeys: data.userKeys }), language ?? ''] as const,
  );
}

describe('account self-service in Chromium', () => {
  beforeAll(async () => {
    platform = await journey.startPlatform({
      env: {
        REFERENCE_MODELS: 'true',
        SIGNUP_MAX_PER_IP_PER_HOUR: '50',
        SITE_ADDRESS: 'Electronics Niketan, 6 CGO Complex, New Delhi 110003',
        SITE_PHONE: '+91 11 2430 1234',
        SITE_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=org.ulca.example',
        SITE_SOCIAL_LINKS: 'x=https://x.com/ulca_example,youtube=https://www.youtube.com/@ulca_example',
      },
    });
    const listed = await searchModels(platform, 'translation');
    if (!listed[0]) throw new Error(`no translation model listed:\n${platform.output().slice(-3000)}`);
    modelId = listed[0].modelId;
    // bypassCSP: axe-core is injected as a script tag, which the app's content security policy refuses.
    page = await journey.openPage({ viewport: { width: 1366, height: 900 }, locale: 'en-IN', bypassCSP: true }, 30_000);
    phone = await journey.browser!.newContext({ ...PHONE, locale: 'en-IN', bypassCSP: true });
    page.on('pageerror', (err) => pageErrors.push(err.message));
  }, 240_000);

  afterAll(() => journey.tearDown());

  const { step } = journey;

  step('edit name: the profile and the header show the new name at once', async () => {
    await newActiveUser('meera@example.org', 'Meera', 'en');
    await storeSession(page, 'meera@example.org', PASSWORD);
    await page.goto(at('/profile'));
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    await page.getByRole('button', { name: 'Edit name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit name' });
    await dialog.getByLabel('First name').fill('Meera');
    await dialog.getByLabel('Last name (optional)').fill('Iyer');
    await takeShot(page, 'edit-name');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your name has been saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Meera Iyer', { exact: true }).first().waitFor();
    await takeShot(page, 'name-saved');
  });

  step('change password: a wrong current password is refused beside the field; the right one changes it', async () => {
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByText('this one stays signed in').waitFor();
    await dialog.getByLabel(/^Current password/).fill('Wrong&Pass9');
    await dialog.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('The current password is not correct.').waitFor();
    expect(page.url()).toContain('/ulca/profile');
    await takeShot(page, 'wrong-current-password');
    await dialog.getByLabel(/^Current password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Your other sessions have been signed out.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Still signed in here; the new password is the one that works.
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    expect((await post(api('login'), { authenticator: 'ULCA', data: { email: 'meera@example.org', password: PASSWORD } })).status).toBe(
      401,
    );
  });

  step('delete account: the dialog says what goes and what stays, asks for the e-mail, then signs out', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('This cannot be undone.').waitFor();
    await dialog.getByText(/^Deleted: your API keys/).waitFor();
    await dialog.getByText(/^Kept, without your name/).waitFor();
    await dialog.getByLabel('Type your e-mail address to confirm').fill('someone-else@example.org');
    await dialog.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText("This is not your account's e-mail address.").waitFor();
    // The previous step's toast fades out first (axe would measure it half transparent).
    await expect.poll(() => page.locator('#notistack-snackbar').count(), { timeout: 15_000 }).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'delete-dialog');
    await dialog.getByLabel('Type your e-mail address to confirm').fill('meera@example.org');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account has been deleted.').waitFor();
    await page.waitForURL(/\/ulca\/dashboard/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('ulca.session'))).toBeNull();
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    const again = await post(api('login'), { authenticator: 'ULCA', data: { email: 'meera@example.org', password: NEW_PASSWORD } });
    expect(again.status).toBe(401);
    await takeShot(page, 'deleted');
  });

  step('in Hindi: the activation e-mail, the profile and the change-password dialog, wide', async () => {
    await newActiveUser('arjun@example.org', 'Arjun', 'hi');
    await storeSession(page, 'arjun@example.org', PASSWORD, 'hi');
    await page.goto(at('/profile'));
    await expect.poll(() => htmlLang(page)).toBe('hi');
    await page.getByRole('heading', { name: 'मेरा खाता' }).waitFor();
    expect(await englishLeft(page, 'hi')).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'profile-hi');
    await page.getByRole('button', { name: 'पासवर्ड बदलें' }).click();
    const dialog = page.getByRole('dialog', { name: 'पासवर्ड बदलें' });
    await dialog.getByLabel(/^मौजूदा पासवर्ड/).fill('Wrong&Pass9');
    await dialog.getByLabel(/^नया पासवर्ड/).fill(NEW_PASSWORD);
    await dialog.getByLabel('नए पासवर्ड की पुष्टि करें').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'पासवर्ड बदलें' }).click();
    // The server's WRONG_PASSWORD answer, shown from the catalogue in Hindi.
    await dialog.getByText('मौजूदा पासवर्ड सही नहीं है।').waitFor();
    expect(await englishLeft(page, 'hi')).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'change-password-hi');
    await dialog.getByRole('button', { name: 'रद्द करें' }).click();
  });

  step('in Hindi on a phone: the profile and the delete dialog', async () => {
    const small = await newPageWithTimeout(phone, 30_000);
    await storeSession(small, 'arjun@example.org', PASSWORD, 'hi');
    await small.goto(at('/profile'));
    await small.getByRole('heading', { name: 'मेरा खाता' }).waitFor();
    expect(await englishLeft(small, 'hi')).toEqual([]);
    expect(await axeViolations(small)).toEqual([]);
    await takeShot(small, 'phone-profile-hi');
    await small.getByRole('button', { name: 'खाता हटाएँ' }).click();
    const dialog = small.getByRole('dialog', { name: 'क्या आप अपना खाता हटाना चाहते हैं?' });
    await dialog.getByText('इसे वापस नहीं लिया जा सकता।').waitFor();
    // The dialog fades in: axe would measure its texts half transparent.
    await expect
      .poll(() => dialog.evaluate((el) => getComputedStyle(el.closest('.MuiDialog-root')?.querySelector('.MuiPaper-root') ?? el).opacity))
      .toBe('1');
    await small.waitForTimeout(300);
    expect(await englishLeft(small, 'hi')).toEqual([]);
    expect(await axeViolations(small)).toEqual([]);
    await takeShot(small, 'phone-delete-hi');
    await small.close();
  });

  step('a browser holding an ended session stays on a public model card, as a visitor, and is told the session ended', async () => {
    const fresh = await newPageWithTimeout(
      await journey.browser!.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true }),
      30_000,
    );
    await fresh.goto(at('/intro'));
    await fresh.evaluate(() =>
      localStorage.setItem(
        'ulca.session',
        JSON.stringify({
          userDetails: { userID: 'gone', email: 'gone@example.org', firstName: 'Gone', roles: ['CONTRIBUTOR-USER'] },
          userKeys: { publicKey: 'a'.repeat(64), privateKey: 'b'.repeat(64) },
        }),
      ),
    );
    await fresh.goto(at(`/search-model/${encodeURIComponent(modelId)}/model`));
    await fresh.getByText(/Your session has ended\. You are browsing as a guest/).waitFor({ timeout: 30_000 });
    await fresh.getByTestId('engine-card').waitFor({ timeout: 60_000 });
    // Longer than the 3 s after which a page that needs sign-in returns to login.
    await fresh.waitForTimeout(4000);
    expect(fresh.url()).toContain(`/search-model/`);
    expect(await fresh.evaluate(() => localStorage.getItem('ulca.session'))).toBeNull();
    await takeShot(fresh, 'ended-session-model-card');
    await fresh.context().close();
  });

  step("the footer shows the operator's address, phone, app and social links; unset ones are not shown", async () => {
    await page.goto(at('/dashboard'));
    const footer = page.locator('footer');
    await footer.getByText('Electronics Niketan, 6 CGO Complex, New Delhi 110003').waitFor();
    expect(await footer.getByRole('link', { name: '+91 11 2430 1234' }).getAttribute('href')).toBe('tel:+911124301234');
    await footer.getByRole('link', { name: /Google Play/ }).waitFor();
    expect(await footer.getByRole('link', { name: /App Store/ }).count()).toBe(0);
    await footer.locator('a[href="https://x.com/ulca_example"]').waitFor();
    await footer.locator('a[href="https://www.youtube.com/@ulca_example"]').waitFor();
    await footer.scrollIntoViewIfNeeded();
    await takeShot(page, 'footer-hi');
    expect(pageErrors).toEqual([]);
  });
});

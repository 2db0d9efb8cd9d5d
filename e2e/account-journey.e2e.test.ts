/**
 * End-to-end, in headless Chromium against the real platform:
 * forgot password → the reset e-mail from the outbox → a forged link and the real one → a new
 * password (copy/paste refused, the spec's rule) → the link cannot be used twice → login with the
 * new password; an API key generated, shown once with a copy button, working, then revoked after
 * the spec's confirmation and refused; an admin (sent to User Details after login) edits and
 * deactivates the user, whose open session and API key are refused at once and whose next login
 * is refused; the audit log shows it all.
 * A full-page screenshot of every step is written to test-results/e2e/account-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { catalogueMessage } from './support/i18n.ts';
import { BrowserJourney } from './support/journey.ts';
import { waitForMailLink, type RunningPlatform } from './support/server.ts';

const FIRST_PASSWORD = 'Str0ng!pass';
const NEW_PASSWORD = 'N3w!Secret-pass';
const ADMIN_EMAIL = 'admin@ulca.local';
const USER = { name: 'Kavya Reddy', email: `kavya.reddy+${Date.now()}@example.org` };
/** The full-key format of the contract: `ulca_<12 hex id>.<43 char base64url secret>`. */
const FULL_KEY = /^(ulca_[0-9a-f]{12})\.[A-Za-z0-9_-]{43}$/;
/** The docs/product.md#messages confirmation text, word for word. */
const REVOKE_CONFIRM = 'Are you sure you want to revoke this API key ?';

let platform: RunningPlatform;
/** The user's browser (stays signed in while the admin deactivates the account). */
let userContext: BrowserContext;
let page: Page;
let adminPage: Page;
let resetLink = '';
/** A second key, kept to show that deactivation stops it. */
let survivingKey = '';
/** Uncaught errors of either page, printed when a step fails. */
const pageErrors: string[] = [];

/** Once a step fails, the later ones are skipped; the failure is reported with the pages' errors and pictures of both pages. */
const journey = new BrowserJourney('account-', async () => {
  if (pageErrors.length) console.error(`e2e: errors in the pages:\n${pageErrors.join('\n')}`);
  await screenshot('FAILED').catch(() => undefined);
  await screenshot('FAILED-admin', adminPage).catch(() => undefined);
});
const { screenshot, at } = journey;

const pathOf = (p: Page) => decodeURIComponent(new URL(p.url()).pathname);

/** Calls GET /ulca/apis/v0/api-key/whoami with a full key, as an application would; returns the status and body. */
async function whoami(fullKey: string): Promise<{ status: number; body: { data?: { userID: string; appName: string }; code?: string } }> {
  const res = await fetch(`${platform.baseUrl}/ulca/apis/v0/api-key/whoami`, { headers: { ulcaApiKey: fullKey } });
  return { status: res.status, body: (await res.json()) as { data?: { userID: string; appName: string }; code?: string } };
}

/** Signs in through the login form of `p`. */
async function signIn(p: Page, email: string, password: string): Promise<void> {
  await p.goto(at('/user/login'));
  await p.getByRole('heading', { name: 'Sign in to ULCA' }).waitFor();
  await p.getByLabel('Email address').fill(email);
  await p.getByLabel('Password', { exact: true }).fill(password);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

/** Generates an API key through the profile page's dialog; returns the full key the dialog shows once. */
async function generateKey(appName: string, step: string): Promise<string> {
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('App name').fill(appName);
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  const keyField = dialog.getByRole('textbox', { name: 'Your API key' });
  await keyField.waitFor();
  const full = await keyField.inputValue();
  expect(full).toMatch(FULL_KEY);
  await screenshot(step);
  return full;
}

describe('account journey in Chromium', () => {
  beforeAll(async () => {
    platform = await journey.startPlatform();
    ({ context: userContext, page } = await journey.openContextPage());
    await userContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.baseUrl });
    adminPage = await journey.openPage();
    // Uncaught errors in the pages are part of a failure report.
    for (const [who, p] of [
      ['user', page],
      ['admin', adminPage],
    ] as const) {
      p.on('pageerror', (err) => pageErrors.push(`${who}: ${err.message}`));
      // React reports errors caught by the route's error boundary on the console.
      p.on('console', (m) => {
        // Refused calls (4xx) are part of the journey; the browser logs each as an error.
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
          pageErrors.push(`${who} console: ${m.text().slice(0, 2000)}`);
      });
    }
  });

  afterAll(() => journey.tearDown());

  const { step } = journey;

  step('a new account is signed up and activated', async () => {
    const res = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ users: [{ firstName: USER.name, email: USER.email, password: FIRST_PASSWORD, roles: ['CONTRIBUTOR-USER'] }] }),
    });
    expect(res.status).toBe(200);
    const link = await waitForMailLink(platform.outboxDir, USER.email, `${platform.baseUrl}/ulca/activate/`);
    await page.goto(link);
    await page.getByText('Congratulations!').waitFor();
  });

  step('forgot password: checks the address, then sends the link, keeps the button disabled and returns to login', async () => {
    await page.goto(at('/user/forgot-password'));
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email address').fill('kavya@');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await screenshot('forgot-invalid-email');

    await page.getByLabel('Email address').fill(USER.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = 'If an account exists for this e-mail, we have sent a link to reset the password.';
    // The card carries the server's message, once (no toast over it).
    await page.getByText(sent).waitFor();
    expect(await page.getByText(sent).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Link sent' }).isDisabled()).toBe(true);
    await screenshot('forgot-sent');
    await page.waitForURL(/\/ulca\/user\/login$/, { timeout: 6000 });
    await page.getByRole('heading', { name: 'Sign in to ULCA' }).waitFor();
  });

  step('the same answer for an address without an account, and no e-mail is sent', async () => {
    const ask = (email: string) =>
      fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const unknown = await ask('nobody-here@example.org');
    expect(unknown.status).toBe(200);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      'If an account exists for this e-mail, we have sent a link to reset the password.',
    );
    await expect(
      waitForMailLink(platform.outboxDir, 'nobody-here@example.org', `${platform.baseUrl}/ulca/user/reset-password/`, 1500),
    ).rejects.toThrow(/no e-mail/);
  });

  step('the reset e-mail arrives in the outbox with a link that carries no key material', async () => {
    resetLink = await waitForMailLink(platform.outboxDir, USER.email, `${platform.baseUrl}/ulca/user/reset-password/`);
    const [, , token] = /\/user\/reset-password\/([^/]+)\/([^/?#]+)$/.exec(new URL(resetLink).pathname) ?? [];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  step('a forged reset link shows the error and returns to login after 3 s', async () => {
    await page.goto(at(`/user/reset-password/${encodeURIComponent(USER.email)}/${'A'.repeat(43)}`));
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    await screenshot('reset-forged-link');
    await page.waitForURL(/\/ulca\/user\/login$/, { timeout: 6000 });
  });

  step("the real link asks for the new password; paste is refused and the rules are the spec's", async () => {
    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByText(USER.email).waitFor();
    const password = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    await password.waitFor();

    // A real paste (Ctrl+V with the clipboard holding a password) leaves the field empty.
    await page.evaluate((t) => navigator.clipboard.writeText(t), NEW_PASSWORD);
    await password.focus();
    await page.keyboard.press('Control+V');
    expect(await password.inputValue()).toBe('');
    // Copy and cut are refused too (the browser's default action is cancelled).
    await password.fill('Abc#1234x');
    const refused = await password.evaluate((el) =>
      ['copy', 'cut', 'paste'].map((type) => {
        const ev = new ClipboardEvent(type, { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
        el.dispatchEvent(ev);
        return ev.defaultPrevented;
      }),
    );
    expect(refused).toEqual([true, true, true]);

    await password.fill('weakpass');
    await confirm.fill('weakpass2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page
      .getByText('Minimum length is 8 characters with combination of uppercase, lowercase, number and a special character')
      .waitFor();
    await page.getByText('Both password must match.').waitFor();
    await screenshot('reset-rules');

    await password.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByText('Password changed successfully.').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('button', { name: 'Password changed' }).isDisabled()).toBe(true);
    await screenshot('reset-done');
    await page.waitForURL(/\/ulca\/user\/login$/, { timeout: 6000 });
  });

  step('the link cannot be used a second time', async () => {
    await page.goto(resetLink);
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    await screenshot('reset-link-used');
  });

  step('the old password is refused and the new one signs in', async () => {
    await signIn(page, USER.email, FIRST_PASSWORD);
    await page.getByText('Invalid email / password').first().waitFor();
    expect(pathOf(page)).toBe('/ulca/user/login');
    await signIn(page, USER.email, NEW_PASSWORD);
    await page.getByText('Logged in successfully').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/ulca/dashboard');
    // Signed in, the server sends the plain app, not the prerendered dashboard with its signed-out header.
    const served = await page.request.get(at('/dashboard'));
    expect(await served.text()).toContain('<div id="root"></div>');
  });

  step('the profile shows the user and an empty key table (after a loading state)', async () => {
    // The key list is held back a moment (the real server answers after it), to see the loading state.
    await page.route('**/getApiKeysForProfile', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByText('Loading your API keys…').waitFor();
    await screenshot('profile-loading');
    await page.getByText('No records found.').waitFor();
    await page.unroute('**/getApiKeysForProfile');
    expect(await page.getByText(USER.name).isVisible()).toBe(true);
    expect(await page.getByText(USER.email, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/User ID:/).isVisible()).toBe(true);
    await screenshot('profile-empty');
  });

  step('the Generate dialog: disabled while the name is empty, Escape closes it', async () => {
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Generate API key' }).waitFor();
    const generate = dialog.getByRole('button', { name: 'Generate', exact: true });
    expect(await generate.isDisabled()).toBe(true);
    await dialog.getByLabel('App name').fill('   ');
    expect(await generate.isDisabled()).toBe(true);
    await dialog.getByLabel('App name').fill('Kisan Bot');
    expect(await generate.isEnabled()).toBe(true);
    await screenshot('generate-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No records found.').waitFor();
  });

  let fullKey = '';
  step('a key is generated, shown once with a copy button, and works for an application', async () => {
    fullKey = await generateKey('Kisan Bot', 'key-shown-once');
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByText('It will not be shown again').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Copy your api key' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullKey);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The table lists the key's identifier only; the secret is nowhere on the page.
    const id = FULL_KEY.exec(fullKey)![1];
    const table = page.getByRole('table', { name: 'App Integration Details' });
    await table.getByText(id).waitFor();
    expect(await page.content()).not.toContain(fullKey.split('.')[1]);

    const who = await whoami(fullKey);
    expect(who.status).toBe(200);
    expect(who.body.data?.appName).toBe('Kisan Bot');
  });

  step('a reload never shows the full key again', async () => {
    await page.reload();
    await page.getByRole('table', { name: 'App Integration Details' }).getByText('Kisan Bot').waitFor();
    expect(await page.content()).not.toContain(fullKey.split('.')[1]);
  });

  step('the provider keys: data tracking switch, a provider key shown once, Glossary and Speaker Verification present', async () => {
    await page.getByRole('button', { name: 'Show provider keys of Kisan Bot' }).click();
    const providers = page.getByRole('table', { name: 'Service provider keys of Kisan Bot' });
    await providers.waitFor();
    await providers.getByText('ulca-reference-models').waitFor();
    await providers.getByText('Not generated').waitFor();
    const tracking = providers.getByRole('switch', { name: 'Data tracking for ulca-reference-models' });
    expect(await tracking.isChecked()).toBe(false);
    await tracking.click();
    await page.getByText('Data tracking turned on.').waitFor();
    await expect.poll(() => tracking.isChecked()).toBe(true);
    // Glossary opens the glossary page of this app and provider (glossary.e2e.test.ts goes there).
    expect(await providers.getByRole('link', { name: 'Glossary' }).getAttribute('href')).toBe(
      '/ulca/glossary?appName=Kisan+Bot&serviceProviderName=ulca-reference-models',
    );
    expect(await providers.getByRole('link', { name: 'Speaker Verification' }).getAttribute('href')).toBe(
      '/ulca/speaker-recognition?appName=Kisan+Bot&serviceProviderName=ulca-reference-models',
    );

    await providers.getByRole('button', { name: 'Generate' }).click();
    const dialog = page.getByRole('dialog');
    const secret = await dialog.getByRole('textbox', { name: 'Inference API key' }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await screenshot('provider-key-shown-once');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await providers.getByRole('button', { name: 'Revoke' }).waitFor();
    expect(await providers.getByText('Not generated').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await screenshot('provider-keys');
  });

  step("revoke asks the spec's question; the key disappears and is refused", async () => {
    const table = page.getByRole('table', { name: 'App Integration Details' });
    await table.getByRole('button', { name: 'Revoke the key of Kisan Bot' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(REVOKE_CONFIRM, { exact: true }).waitFor();
    await screenshot('revoke-confirm');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('API key revoked.').waitFor();
    await page.getByText('No records found.').waitFor();
    await screenshot('revoked');
    const who = await whoami(fullKey);
    expect(who.status).toBe(401);
  });

  step('a second key is generated (to show that deactivation stops it)', async () => {
    survivingKey = await generateKey('Field Survey App', 'second-key');
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    expect((await whoami(survivingKey)).status).toBe(200);
  });

  step('the admin is taken to User Details after login; their own row has no actions', async () => {
    await signIn(adminPage, ADMIN_EMAIL, platform.adminPassword);
    await adminPage.getByText('Logged in successfully').waitFor();
    await expect.poll(() => pathOf(adminPage)).toBe('/ulca/admin/view-user-details');
    const table = adminPage.getByRole('table', { name: 'Users' });
    await table.getByText(USER.email).waitFor();
    const own = table.getByRole('row').filter({ hasText: ADMIN_EMAIL });
    await own.getByText('You', { exact: true }).waitFor();
    expect(await own.getByRole('switch').count()).toBe(0);
    expect(await own.getByRole('button', { name: /Edit/ }).count()).toBe(0);
    // Newest first: the user signed up after the admin was created.
    const emails = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-user-email')));
    expect(emails).toEqual([USER.email, ADMIN_EMAIL]);
    // The timestamp is en-IN, 24-hour.
    const rowText = await table.getByRole('row').filter({ hasText: USER.email }).innerText();
    expect(rowText).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}/);
    await screenshot('admin-users', adminPage);
  });

  step('the Admin menu leads to User Details', async () => {
    await adminPage.getByRole('button', { name: 'Admin' }).click();
    await adminPage.getByRole('menuitem', { name: 'View User Details' }).waitFor();
    await adminPage.keyboard.press('Escape');
  });

  step('the filter popover narrows by role', async () => {
    await adminPage.getByRole('button', { name: 'Filter' }).click();
    await adminPage.getByRole('button', { name: 'Admin', exact: true }).click();
    await screenshot('admin-filter', adminPage);
    await adminPage.getByRole('button', { name: 'Apply' }).click();
    const table = adminPage.getByRole('table', { name: 'Users' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByText(ADMIN_EMAIL).waitFor();
    await adminPage.getByRole('button', { name: 'Filter' }).click();
    await adminPage.getByRole('button', { name: 'Clear All' }).click();
    await table.getByText(USER.email).waitFor();
  });

  step('a search that matches nobody shows the empty state', async () => {
    await adminPage.getByLabel('Search users').fill('no such person');
    await adminPage.getByText('No records found.').waitFor();
    await screenshot('admin-search-empty', adminPage);
    await adminPage.getByRole('button', { name: 'Clear search and filters' }).click();
    await adminPage.getByRole('table', { name: 'Users' }).getByText(USER.email).waitFor();
  });

  step("the edit dialog checks its fields with the spec's messages", async () => {
    const table = adminPage.getByRole('table', { name: 'Users' });
    await table.getByRole('button', { name: `Edit ${USER.email}` }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Profile' }).waitFor();
    expect(await dialog.getByLabel('Full name').inputValue()).toBe(USER.name);
    await dialog.getByLabel('Full name').fill('  ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Profile details are mandatory').waitFor();
    await screenshot('admin-edit-profile', adminPage);
    await dialog.getByLabel('Full name').fill(`${USER.name} K`);

    await dialog.getByRole('tab', { name: 'Security' }).click();
    await dialog.getByLabel('Change Password').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please fill password').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm Password').fill(`${NEW_PASSWORD}x`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Password and Confirm Password is different').waitFor();
    await screenshot('admin-edit-security', adminPage);
    await dialog.getByLabel('Change Password').uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Profile updated successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await table.getByText(`${USER.name} K`).waitFor();
  });

  step('the admin deactivates the user; the search text stays and edit is disabled', async () => {
    const search = adminPage.getByLabel('Search users');
    await search.fill('kavya');
    const table = adminPage.getByRole('table', { name: 'Users' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    const toggle = table.getByRole('switch', { name: `Deactivate ${USER.email}` });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    // The switch asks first and says what deactivation does.
    const confirm = adminPage.getByRole('dialog', { name: `Deactivate ${USER.email}?` });
    await confirm.getByText('Nothing is deleted', { exact: false }).waitFor();
    await screenshot('admin-deactivate-confirm', adminPage);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await adminPage.getByText('User deactivated successfully.').waitFor();
    const reactivate = table.getByRole('switch', { name: `Activate ${USER.email}` });
    await expect.poll(() => reactivate.isChecked()).toBe(false);
    expect(await search.inputValue()).toBe('kavya');
    expect(await table.getByRole('button', { name: `Edit ${USER.email}` }).isDisabled()).toBe(true);
    await table.getByText('Inactive', { exact: true }).waitFor();
    await screenshot('admin-deactivated', adminPage);
  });

  step("the deactivated user's open session is refused at once and sent to login", async () => {
    await page.goto(at('/profile'));
    // The first refused call ends the stored session: the sign-in form at once, with the note why.
    await page.waitForURL(/\/ulca\/user\/login$/, { timeout: 15_000 });
    await page.getByText(catalogueMessage('en', 'auth.sessionEndedNote')).waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    await screenshot('deactivated-session-refused');
  });

  step("the deactivated user's API key is refused", async () => {
    const who = await whoami(survivingKey);
    expect(who.status).toBe(401);
  });

  step('the deactivated user cannot sign in', async () => {
    await signIn(page, USER.email, NEW_PASSWORD);
    await expect.poll(async () => (await page.locator('#notistack-snackbar').allInnerTexts()).join(' | ')).toMatch(/has been deactivated/);
    expect(pathOf(page)).toBe('/ulca/user/login');
    await screenshot('deactivated-login-refused');
  });

  step('reactivation restores the account: the same API key works again', async () => {
    const table = adminPage.getByRole('table', { name: 'Users' });
    await table.getByRole('switch', { name: `Activate ${USER.email}` }).click();
    await adminPage
      .getByRole('dialog', { name: `Activate ${USER.email}?` })
      .getByRole('button', { name: 'Activate' })
      .click();
    await adminPage.getByText('User activated successfully.').waitFor();
    expect((await whoami(survivingKey)).status).toBe(200);
  });

  step('the audit log shows who did what, when and from where', async () => {
    await adminPage.getByRole('tab', { name: 'Audit log' }).click();
    const log = adminPage.getByRole('table', { name: 'Audit log' });
    await log.waitFor();
    const status = log.getByRole('row').filter({ hasText: 'User activated or deactivated' }).first();
    await status.waitFor();
    const text = await status.innerText();
    expect(text).toContain(ADMIN_EMAIL);
    expect(text).toContain('127.0.0.1');
    // The detail keys in words (the catalogue's admin.audit.detail).
    expect(text).toMatch(/Active: (false|true)/);
    await log.getByRole('row').filter({ hasText: 'Password reset' }).first().waitFor();
    await screenshot('admin-audit-log', adminPage);
  });

  step('a contributor opening the admin page sees that it is not for them', async () => {
    // A second contributor: signed up through the API, activated through the outbox link.
    const other = { email: `ravi.kumar+${Date.now()}@example.org` };
    await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ users: [{ firstName: 'Ravi Kumar', email: other.email, password: FIRST_PASSWORD }] }),
    });
    await page.goto(await waitForMailLink(platform.outboxDir, other.email, `${platform.baseUrl}/ulca/activate/`));
    await page.getByText('Congratulations!').waitFor();
    await signIn(page, other.email, FIRST_PASSWORD);
    await page.getByText('Logged in successfully').waitFor();
    await page.goto(at('/admin/view-user-details'));
    await page.getByText('You are not authorised to view this page.').waitFor();
    expect(await page.getByRole('table', { name: 'Users' }).count()).toBe(0);
    await screenshot('admin-page-not-authorised');
  });
});

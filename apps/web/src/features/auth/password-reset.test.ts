import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveJson, stubSignedInBrowser } from '../../test/browser-stubs.ts';
import { PASSWORD_RULE_MESSAGE, forgotPasswordFormSchema, resetPasswordFormSchema } from './schemas.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('forgot password form', () => {
  it("refuses an address that is not an e-mail with 'Invalid email'", () => {
    expect(messages(forgotPasswordFormSchema.safeParse({ email: 'asha@' }))).toEqual({ email: 'Invalid email' });
    expect(messages(forgotPasswordFormSchema.safeParse({ email: '   ' }))).toEqual({ email: 'Invalid email' });
  });
  it('trims the address', () => {
    expect(forgotPasswordFormSchema.parse({ email: '  asha@example.in ' })).toEqual({ email: 'asha@example.in' });
  });
});

describe('reset password form', () => {
  it('accepts a strong password and its confirmation', () => {
    expect(resetPasswordFormSchema.safeParse({ password: 'N3w!secret', confirmPassword: 'N3w!secret' }).success).toBe(true);
  });
  it('applies the sign-up rule with the docs/product.md#validation-rules message', () => {
    for (const weak of ['Ab#1234', 'abcdef#1', 'ABCDEF#1', 'Abcdefg#', 'Abcdefg1']) {
      expect(messages(resetPasswordFormSchema.safeParse({ password: weak, confirmPassword: weak }))).toEqual({
        password: PASSWORD_RULE_MESSAGE,
      });
    }
  });
  it('requires the confirmation to match', () => {
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'N3w!secret', confirmPassword: 'N3w!secreT' }))).toEqual({
      confirmPassword: 'Both password must match.',
    });
  });
});

// The API calls run against a stubbed fetch: what matters is what they send and how they read answers.
stubSignedInBrowser({ userID: 'u-1', email: 'a@b.in', firstName: 'A', roles: ['ADMIN'] });

type Api = typeof import('./api/forgot-password.ts') & typeof import('./api/reset-password.ts');
let api: Api;
let ApiRequestError: typeof import('../../lib/api-client.ts').ApiRequestError;
beforeAll(async () => {
  api = { ...(await import('./api/forgot-password.ts')), ...(await import('./api/reset-password.ts')) };
  ({ ApiRequestError } = await import('../../lib/api-client.ts'));
});
afterAll(() => vi.unstubAllGlobals());

const serve = serveJson;

describe('password reset calls', () => {
  it('asks for a link unsigned, even with a session stored, and returns the server message', async () => {
    const calls = serve(200, { message: 'If an account exists for this e-mail, we have sent a link to reset the password.' });
    expect(await api.forgotPassword('asha@example.in')).toBe(
      'If an account exists for this e-mail, we have sent a link to reset the password.',
    );
    expect(calls[0].url).toBe('/ulca/user-mgmt/v1/users/forgot-password');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ email: 'asha@example.in' });
    expect((calls[0].init.headers as Record<string, string>).sig).toBeUndefined();
  });
  it('checks a link with its token and e-mail', async () => {
    const calls = serve(200, { message: 'ok', data: { valid: true, email: 'asha@example.in' } });
    expect(await api.fetchTokenStatus('asha@example.in', 'tok_123')).toEqual({ valid: true, email: 'asha@example.in' });
    expect(calls[0].url).toBe('/ulca/user-mgmt/v1/users/get/token/status');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ token: 'tok_123', email: 'asha@example.in' });
  });
  it('reports a refused link with its code and message', async () => {
    serve(400, { code: 'RESET_TOKEN_INVALID', message: 'This password reset link is invalid or has expired.' });
    const err = await api.fetchTokenStatus('asha@example.in', 'bad').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({
      status: 400,
      code: api.RESET_TOKEN_INVALID,
      message: 'This password reset link is invalid or has expired.',
    });
  });
  it('sets the new password with the link and returns the server message', async () => {
    const calls = serve(200, { message: 'Password changed successfully.' });
    expect(await api.resetPassword({ email: 'asha@example.in', token: 'tok_123', password: 'N3w!secret' })).toBe(
      'Password changed successfully.',
    );
    expect(calls[0].url).toBe('/ulca/user-mgmt/v1/users/reset-password');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ email: 'asha@example.in', token: 'tok_123', password: 'N3w!secret' });
    expect((calls[0].init.headers as Record<string, string>).key).toBeUndefined();
  });
});

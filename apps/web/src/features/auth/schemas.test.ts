import { describe, it, expect } from 'vitest';
import { loginFormSchema, signupFormSchema, PASSWORD_RULE_MESSAGE } from './schemas.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('login form', () => {
  it('shows the spec messages for blank email and password (after trimming)', () => {
    expect(messages(loginFormSchema.safeParse({ email: '   ', password: ' ' }))).toEqual({
      email: 'Enter an email',
      password: 'Enter a password',
    });
  });
  it('trims the email and keeps the password as typed', () => {
    expect(loginFormSchema.parse({ email: ' asha@example.in ', password: ' pw ' })).toEqual({ email: 'asha@example.in', password: ' pw ' });
  });
});

describe('sign-up form', () => {
  const ok = { name: 'Asha Devi', email: 'asha@example.in', password: 'Secret#123', confirmPassword: 'Secret#123', acceptTerms: true };

  it('accepts a valid form, including a name in an Indian script', () => {
    expect(signupFormSchema.safeParse(ok).success).toBe(true);
    expect(signupFormSchema.safeParse({ ...ok, name: 'आशा देवी' }).success).toBe(true);
  });
  it('gives each field its spec message', () => {
    const r = signupFormSchema.safeParse({
      name: 'Asha99',
      email: 'asha@',
      password: 'short',
      confirmPassword: 'other',
      acceptTerms: false,
    });
    expect(messages(r)).toEqual({
      name: 'Name is not proper',
      email: 'Invalid email',
      password: PASSWORD_RULE_MESSAGE,
      confirmPassword: 'Both password must match.',
      acceptTerms: 'You must accept our terms of service',
    });
  });
  it('requires the confirmation to match', () => {
    expect(messages(signupFormSchema.safeParse({ ...ok, confirmPassword: 'Secret#124' }))).toEqual({
      confirmPassword: 'Both password must match.',
    });
  });
  it('accepts a password of exactly 8 characters and refuses 7', () => {
    expect(signupFormSchema.safeParse({ ...ok, password: 'Abcd#123', confirmPassword: 'Abcd#123' }).success).toBe(true);
    expect(messages(signupFormSchema.safeParse({ ...ok, password: 'Abc#123', confirmPassword: 'Abc#123' }))).toEqual({
      password: PASSWORD_RULE_MESSAGE,
    });
  });
});

import { describe, it, expect } from 'vitest';
import { postLoginPath } from './redirect.ts';

describe('postLoginPath', () => {
  it('returns to the originally requested page', () => {
    expect(postLoginPath(['ADMIN'], '/dataset/upload?x=1')).toBe('/dataset/upload?x=1');
  });
  it('sends each first role to its home when nothing was requested', () => {
    expect(postLoginPath(['ADMIN', 'CONTRIBUTOR-USER'])).toBe('/admin/view-user-details');
    expect(postLoginPath(['EXTERNAL-CONSORTIUM-MEMBER'])).toBe('/model/explore-models');
    expect(postLoginPath(['CONTRIBUTOR-USER', 'ADMIN'])).toBe('/dashboard');
    expect(postLoginPath(['READONLY-USER'], null)).toBe('/dashboard');
  });
  it('ignores other-site and auth-screen targets', () => {
    expect(postLoginPath(['READONLY-USER'], '//evil.example/x')).toBe('/dashboard');
    expect(postLoginPath(['READONLY-USER'], 'https://evil.example/')).toBe('/dashboard');
    expect(postLoginPath(['READONLY-USER'], '/user/login')).toBe('/dashboard');
  });
});

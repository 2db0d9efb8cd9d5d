import { describe, it, expect } from 'vitest';
import { isStrongPassword } from '@ulca/contracts';
import { generatePassword } from './bootstrap.ts';

describe('password rule (docs/product.md#validation-rules)', () => {
  it('needs 8+ characters with upper, lower, digit and special', () => {
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword('Abcde1!')).toBe(false);
    expect(isStrongPassword('abcdef1!')).toBe(false);
    expect(isStrongPassword('ABCDEF1!')).toBe(false);
    expect(isStrongPassword('Abcdefg!')).toBe(false);
    expect(isStrongPassword('Abcdefg1')).toBe(false);
  });

  it('generated admin passwords satisfy it', () => {
    for (let i = 0; i < 50; i++) expect(isStrongPassword(generatePassword())).toBe(true);
  });
});

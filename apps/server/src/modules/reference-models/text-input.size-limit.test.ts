import { describe, expect, it } from 'vitest';
import { EngineInputError } from './engine.ts';
import { checkScript, checkText, MAX_TEXT_CHARS } from './text-input.size-limit.ts';

describe('text limits of the reference engines', () => {
  it('refuses blank text and text over 150 characters (code points, not UTF-16 units)', () => {
    expect(() => checkText('   ', 0)).toThrow(/Input 1 is empty/);
    expect(() => checkText('क'.repeat(MAX_TEXT_CHARS + 1), 2)).toThrow(/Input 3 has 151 characters/);
    expect(checkText(` ${'😀'.repeat(MAX_TEXT_CHARS)} `, 0)).toBe('😀'.repeat(MAX_TEXT_CHARS));
  });

  it("refuses text with no letter in the language's script, and lets digits and mixed Latin through", () => {
    expect(() => checkScript('தமிழ் மொழி', 'hi', 0)).toThrow(EngineInputError);
    expect(() => checkScript('hello', 'ur', 0)).toThrow(/Arabic script/);
    expect(() => checkScript('123 456', 'hi', 0)).not.toThrow();
    expect(() => checkScript('मेरा ईमेल Gmail पर है', 'hi', 0)).not.toThrow();
  });
});

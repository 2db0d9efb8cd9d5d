import { describe, it, expect } from 'vitest';
import { countLetters, expectedScripts, letterCount, scriptShare } from './scripts.ts';

describe('scriptShare', () => {
  it('is 1 for text written wholly in the language script', () => {
    expect(scriptShare('किसान ने खेत में नई फसल बोई', 'hi')).toBe(1);
    expect(scriptShare('மழை இன்று காலை பெய்தது', 'ta')).toBe(1);
    expect(scriptShare('আমি প্রতিদিন সকালে বই পড়ি', 'bn')).toBe(1);
    expect(scriptShare('The farmer sowed a new crop', 'en')).toBe(1);
  });

  it('is 0 for text in another script', () => {
    expect(scriptShare('The farmer sowed a new crop', 'hi')).toBe(0);
    expect(scriptShare('किसान ने खेत में नई फसल बोई', 'bn')).toBe(0);
  });

  it('ignores digits, punctuation and spaces and counts the Latin letters of mixed text', () => {
    // 4 Latin letters (NASA) among Devanagari letters; digits and the danda are not letters.
    const share = scriptShare('NASA ने 2024 में नया यान भेजा।', 'hi');
    expect(share).not.toBeNull();
    expect(share!).toBeGreaterThan(0.5);
    expect(share!).toBeLessThan(1);
  });

  it('is null for languages without a settled script and for text without letters', () => {
    expect(scriptShare('किसान', 'mixed')).toBeNull();
    expect(scriptShare('किसान', 'unknown')).toBeNull();
    expect(scriptShare('123 ...', 'hi')).toBeNull();
  });

  it('uses the declared ISO 15924 script code over the language default (romanised Hindi)', () => {
    expect(scriptShare('kisaan ne khet mein fasal boee', 'hi', 'Latn')).toBe(1);
    expect(expectedScripts('hi', 'Latn')).toEqual(['Latin']);
    expect(expectedScripts('ur')).toEqual(['Arabic']);
  });

  it('accepts any of several scripts of a multi-script language', () => {
    expect(scriptShare('کشمیر', 'ks')).toBe(1);
    expect(scriptShare('कश्मीर', 'ks')).toBe(1);
  });
});

describe('letter counting', () => {
  it('counts letters, not combining vowel signs, digits or punctuation', () => {
    // क + ि (sign) + स + ा (sign) + न: 3 letters.
    expect(letterCount('किसान')).toBe(3);
    expect(letterCount('abc 123 !?')).toBe(3);
    expect(letterCount('')).toBe(0);
  });

  it('handles characters outside the Basic Multilingual Plane', () => {
    // U+1D400 MATHEMATICAL BOLD CAPITAL A is a Latin-script-less letter (Common script).
    expect(countLetters('\u{1D400}b', ['Latin'])).toEqual({ letters: 2, inScript: 1 });
  });
});

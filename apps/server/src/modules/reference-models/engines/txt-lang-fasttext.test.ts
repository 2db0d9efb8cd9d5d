// The Unicode-script count behind the script rule (pure; the model itself is tested in the .int test).
import { describe, expect, it } from 'vitest';
import { dominantScript } from './txt-lang-fasttext.ts';

describe('dominantScript', () => {
  it('counts letters and marks per script, ignoring digits and punctuation', () => {
    expect(dominantScript('हिंदी 123!')).toEqual({ script: 'Deva', share: 1, letters: 5 });
    expect(dominantScript('ਪੰਜਾਬ')?.script).toBe('Guru');
    expect(dominantScript('ᱥᱟᱱᱛᱟᱲᱤ')?.script).toBe('Olck');
    expect(dominantScript('اردو')?.script).toBe('Arab');
  });

  it('picks the script with most letters in mixed text and gives its share', () => {
    const d = dominantScript('Hi தமிழ்');
    expect(d?.script).toBe('Taml');
    expect(d!.share).toBeCloseTo(5 / 7);
  });

  it('marks letters of other scripts as other, and answers null without letters', () => {
    expect(dominantScript('Привет')?.script).toBe('other');
    expect(dominantScript('12 34 !?')).toBeNull();
  });
});

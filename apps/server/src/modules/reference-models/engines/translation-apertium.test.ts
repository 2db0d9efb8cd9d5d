import { describe, expect, it } from 'vitest';
import { cleanApertiumStream, normaliseUrdu } from './translation-apertium.ts';

describe('apertium output clean-up', () => {
  it("keeps the generator's first surface form and drops unknown-word marks", () => {
    expect(cleanApertiumStream('में घर जा रहा हूं/हूँ।')).toBe('में घर जा रहा हूं।');
    expect(cleanApertiumStream('رام #जाता @खाना گیا')).toBe('رام जाता खाना گیا');
  });

  it("keeps the user's own slashes, at-signs and hashes (escaped in apertium's stream)", () => {
    expect(cleanApertiumStream('اور\\/یا xyz\\@abc.com a\\#b')).toBe('اور\\/یا xyz\\@abc.com a\\#b');
  });
});

describe('Urdu normalisation', () => {
  it('maps Arabic kaf, yeh and heh to the Urdu letters', () => {
    expect(normaliseUrdu('\u0643\u062A\u0627\u0628 \u0645\u064A\u06BA \u0647\u06D2')).toBe(
      '\u06A9\u062A\u0627\u0628 \u0645\u06CC\u06BA \u06C1\u06D2',
    );
  });
});

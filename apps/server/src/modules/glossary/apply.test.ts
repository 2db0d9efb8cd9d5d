import { describe, expect, it } from 'vitest';
import { protectTerms } from './apply.ts';

/** What an engine that passes placeholders through would give back: here, the text unchanged. */
const roundTrip = (texts: string[], terms: { sourceText: string; targetText: string }[], lang = 'hi') => {
  const p = protectTerms(texts, terms, lang);
  return { sent: p.texts, back: p.texts.map((t) => p.restore(t)), applied: p.applied };
};

describe('protectTerms', () => {
  it('replaces whole words only, the longest term first, and restores the target texts', () => {
    const r = roundTrip(
      ['मेरा नाम राम है। रामायण राम'],
      [
        { sourceText: 'राम', targetText: 'R' },
        { sourceText: 'नाम राम', targetText: 'NR' },
      ],
    );
    expect(r.applied).toBe(true);
    expect(r.sent[0]).not.toContain('राम ');
    expect(r.sent[0]).toContain('रामायण');
    expect(r.back).toEqual(['मेरा NR है। रामायण R']);
  });

  it('matches English in any case, other scripts exactly, on NFC text', () => {
    expect(roundTrip(['Apple and APPLE'], [{ sourceText: 'apple', targetText: 'सेब' }], 'en').back).toEqual(['सेब and सेब']);
    // ज़ as ज + nukta in the input, precomposed in the glossary (NFC keeps the two-character form for both).
    expect(roundTrip(['\u091C\u093Cरूर'], [{ sourceText: '\u095Bरूर', targetText: 'Z' }]).back).toEqual(['Z']);
  });

  it('leaves text without a term alone, and never treats private-use characters of the input as placeholders', () => {
    const none = protectTerms(['कुछ नहीं'], [{ sourceText: 'राम', targetText: 'R' }], 'hi');
    expect(none.applied).toBe(false);
    expect(none.texts).toEqual(['कुछ नहीं']);
    const r = roundTrip(['\uE100 राम'], [{ sourceText: 'राम', targetText: 'R' }]);
    expect(r.back).toEqual(['\uE100 R']);
  });

  it('escapes regular-expression characters in terms', () => {
    expect(
      roundTrip(
        ['a (b) c.*'],
        [
          { sourceText: '(b)', targetText: 'B' },
          { sourceText: 'c.*', targetText: 'C' },
        ],
        'en',
      ).back,
    ).toEqual(['a B C']);
  });
});

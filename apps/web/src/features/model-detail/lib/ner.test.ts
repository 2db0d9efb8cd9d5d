import { describe, expect, it } from 'vitest';
import { entityType, groupNerTokens, legendTags, tagColour, tagName } from './ner.ts';

describe('groupNerTokens', () => {
  it('groups B-/I- runs into one entity and O runs into plain text', () => {
    const segments = groupNerTokens([
      { token: 'Narendra', tag: 'B-PER' },
      { token: 'Modi', tag: 'I-PER' },
      { token: 'visited', tag: 'O' },
      { token: 'the', tag: 'O' },
      { token: 'Taj', tag: 'B-LOC' },
      { token: 'Mahal', tag: 'I-LOC' },
      { token: 'in', tag: 'O' },
      { token: 'Agra', tag: 'B-LOC' },
    ]);
    expect(segments).toEqual([
      { text: 'Narendra Modi', tag: 'PER' },
      { text: 'visited the', tag: null },
      { text: 'Taj Mahal', tag: 'LOC' },
      { text: 'in', tag: null },
      { text: 'Agra', tag: 'LOC' },
    ]);
    expect(legendTags(segments)).toEqual(['PER', 'LOC']);
  });

  it('starts a new entity at each B- even of the same type, and at an I- of another type', () => {
    expect(
      groupNerTokens([
        { token: 'Delhi', tag: 'B-LOC' },
        { token: 'Mumbai', tag: 'B-LOC' },
        { token: 'Infosys', tag: 'I-ORG' },
        { token: 'Ltd', tag: 'I-ORG' },
      ]),
    ).toEqual([
      { text: 'Delhi', tag: 'LOC' },
      { text: 'Mumbai', tag: 'LOC' },
      { text: 'Infosys Ltd', tag: 'ORG' },
    ]);
  });

  it('reads tags without a prefix and in lower case', () => {
    expect(entityType('o')).toBeNull();
    expect(entityType('b-org')).toBe('ORG');
    expect(entityType('DATE')).toBe('DATE');
    expect(
      groupNerTokens([
        { token: '5', tag: 'DATE' },
        { token: 'May', tag: 'DATE' },
      ]),
    ).toEqual([{ text: '5 May', tag: 'DATE' }]);
  });
});

describe('legend', () => {
  it('names the spec tags, keeps unknown codes, gives stable distinct colours', () => {
    expect(tagName('PER')).toBe('Person (PER)');
    expect(tagName('EN')).toBe('EN');
    expect(tagName('DATE')).toBe('DATE');
    expect(new Set(['PER', 'LOC', 'ORG', 'ETI', 'EN'].map(tagColour)).size).toBe(5);
    expect(tagColour('DATE')).toBe(tagColour('DATE'));
  });
});

import { describe, expect, it } from 'vitest';
import { closedRomanWord, convertRomanWords, romanWordAt, romanWords } from './roman-word.ts';

describe('Roman words of the transliterating input', () => {
  it('finds the word at the caret', () => {
    expect(romanWordAt('नमस्ते duni', 11)).toEqual({ word: 'duni', start: 7, end: 11 });
    expect(romanWordAt('नमस्ते ', 7)).toBeNull();
  });

  it('closes a word on a space, Enter or punctuation typed after it', () => {
    expect(closedRomanWord('namaste', 'namaste ', 8)).toEqual({ word: 'namaste', start: 0, end: 7 });
    expect(closedRomanWord('नमस्ते duniya', 'नमस्ते duniya\n', 14)).toEqual({ word: 'duniya', start: 7, end: 13 });
    expect(closedRomanWord('kaise ho', 'kaise ho?', 9)).toEqual({ word: 'ho', start: 6, end: 8 });
    expect(closedRomanWord('ab ok', 'ab, ok', 3)).toEqual({ word: 'ab', start: 0, end: 2 });
  });

  it('does not close a word on letters, deletion, a word already converted or a paste elsewhere', () => {
    expect(closedRomanWord('nam', 'nama', 4)).toBeNull();
    expect(closedRomanWord('namaste ', 'namaste', 7)).toBeNull();
    expect(closedRomanWord('नमस्ते', 'नमस्ते ', 7)).toBeNull();
    expect(closedRomanWord('ab cd', 'xab cd ', 7)).toBeNull();
    expect(closedRomanWord('don', "don'", 4)).toBeNull();
  });

  it('lists every Roman word', () => {
    expect(romanWords('मैं ghar जा rahaa').map((w) => w.word)).toEqual(['ghar', 'rahaa']);
  });

  it('converts every Roman word to its top suggestion, asking each word once', async () => {
    const asked: string[] = [];
    const out = await convertRomanWords('ghar ghar, जा rahaa xyz', async (w) => {
      asked.push(w);
      return { ghar: 'घर', rahaa: 'रहा' }[w];
    });
    expect(out).toBe('घर घर, जा रहा xyz');
    expect(asked).toEqual(['ghar', 'rahaa', 'xyz']);
  });
});

import { describe, expect, it } from 'vitest';
import { connectChain, type LanguageCandidate } from './languages.ts';

const asr = (l: string): LanguageCandidate => ({ task: 'asr', sourceLanguage: l });
const mt = (s: string, t: string): LanguageCandidate => ({ task: 'translation', sourceLanguage: s, targetLanguage: t });
const tts = (l: string): LanguageCandidate => ({ task: 'tts', sourceLanguage: l });

describe('connectChain (docs/api.md#pipelines)', () => {
  it('keeps only candidates on a connected path and lists source → targets', () => {
    const c = connectChain(
      ['asr', 'translation', 'tts'],
      [
        [asr('hi'), asr('ta')],
        [mt('hi', 'ur'), mt('hi', 'bn'), mt('te', 'hi')],
        [tts('ur'), tts('hi')],
      ],
    );
    expect(c.brokenAt).toBe(-1);
    expect(c.kept[0]).toEqual([asr('hi')]);
    expect(c.kept[1]).toEqual([mt('hi', 'ur')]);
    expect(c.kept[2]).toEqual([tts('ur')]);
    expect(c.languages).toEqual([{ sourceLanguage: 'hi', targetLanguageList: ['ur'] }]);
  });

  it('reports the first stage that cannot follow the one before', () => {
    expect(connectChain(['asr', 'translation', 'tts'], [[asr('hi')], [mt('ta', 'hi')], [tts('hi')]]).brokenAt).toBe(1);
    expect(connectChain(['translation', 'tts'], [[mt('hi', 'ur')], []]).brokenAt).toBe(1);
  });

  it('a language-free stage passes its input language on', () => {
    const c = connectChain(['txt-lang-detection', 'translation'], [[{ task: 'txt-lang-detection', sourceLanguage: '' }], [mt('hi', 'ur')]]);
    expect(c.brokenAt).toBe(-1);
    expect(c.languages).toEqual([{ sourceLanguage: 'hi', targetLanguageList: ['ur'] }]);
  });
});

import { describe, expect, it } from 'vitest';
import { confidencePercent, isSpeakerAudioFile, isValidAudioLink, similarityText } from './speaker-audio.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

describe('speaker audio rules', () => {
  it('accepts wav, mp3, flac and ogg files by type, or by extension when the type is unknown', () => {
    for (const [name, type] of [
      ['a.wav', 'audio/wav'],
      ['a.mp3', 'audio/mpeg'],
      ['a.flac', 'audio/flac'],
      ['a.ogg', 'audio/ogg'],
      ['a.WAV', ''],
      ['b.flac', ''],
    ]) {
      expect(isSpeakerAudioFile({ name, type }), name).toBe(true);
    }
    for (const [name, type] of [
      ['a.webm', 'audio/webm'],
      ['a.m4a', 'audio/mp4'],
      ['a.txt', 'text/plain'],
      ['a.wav', 'video/mp4'],
      ['noext', ''],
    ]) {
      expect(isSpeakerAudioFile({ name, type }), name).toBe(false);
    }
  });

  it('takes http(s) links only', () => {
    expect(isValidAudioLink('http://example.com/a.wav')).toBe(true);
    expect(isValidAudioLink(' https://example.com/a.mp3 ')).toBe(true);
    for (const bad of ['example.com/a.wav', 'ftp://example.com/a.wav', 'http://', 'javascript:alert(1)', 'http:// a b'])
      expect(isValidAudioLink(bad), bad).toBe(false);
  });

  it('shows confidence as a percentage with one decimal', () => {
    expect(confidencePercent(0.92345)).toBe('92.3%');
    expect(confidencePercent(1)).toBe('100.0%');
    expect(confidencePercent(0)).toBe('0.0%');
  });

  it('says what the confidence means: similarity to the named or closest enrolled voice, beside what a match needs', () => {
    const say = (r: Parameters<typeof similarityText>[0]) => {
      const { key, params } = similarityText(r);
      return i18n.t(key, params);
    };
    expect(say({ verified: false, confidence: 0.7034, speakerName: null })).toBe(
      'Similarity to the closest enrolled voice: 70.3%, below the 88.5% a match needs.',
    );
    expect(say({ verified: false, confidence: 0.7034, speakerName: 'Asha' })).toBe(
      "Similarity to Asha's enrolled voice: 70.3%, below the 88.5% a match needs.",
    );
    expect(say({ verified: true, confidence: 0.93, speakerName: 'Asha' })).toBe(
      "Similarity to Asha's enrolled voice: 93.0% (a match needs at least 88.5%).",
    );
  });
});

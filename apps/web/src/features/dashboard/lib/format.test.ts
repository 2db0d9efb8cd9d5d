import { describe, expect, it } from 'vitest';
import { CHART_COLOURS, LABEL_MAX_CHARS, barColour, cutLabel, formatCompact, formatNumber, formatWithUnit, unitOf } from './format.ts';

describe('cutLabel', () => {
  it('keeps labels of up to 14 characters and cuts longer ones to 14 plus an ellipsis', () => {
    expect(LABEL_MAX_CHARS).toBe(14);
    expect(cutLabel('Hindi')).toBe('Hindi');
    expect(cutLabel('Fourteen chars')).toBe('Fourteen chars');
    expect(cutLabel('Government Press Release')).toBe('Government Pre…');
    expect(Array.from(cutLabel('Government Press Release')).length).toBe(15);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const label = '𝐀'.repeat(20);
    expect(cutLabel(label)).toBe(`${'𝐀'.repeat(14)}…`);
  });
});

describe('numbers', () => {
  it('use thousands separators; fractional values show exactly 3 decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234.5)).toBe('1,234.500');
    expect(formatNumber(0.001)).toBe('0.001');
  });

  it('are compact on the axis', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12_300)).toBe('12.3K');
    expect(formatCompact(4_500_000)).toBe('4.5M');
    expect(formatCompact(2_000_000_000)).toBe('2B');
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(12.5)).toBe('12.5');
    expect(formatCompact(0.00025)).toBe('0.00025');
    expect(formatCompact(0.0014722)).toBe('0.0015');
  });

  it('carry the unit of the dataset type: hrs for speech, images for OCR, sentences otherwise', () => {
    expect(unitOf('asr-corpus')).toBe('hrs');
    expect(unitOf('asr-unlabeled-corpus')).toBe('hrs');
    expect(unitOf('tts-corpus')).toBe('hrs');
    expect(unitOf('ocr-corpus')).toBe('images');
    expect(unitOf('parallel-corpus')).toBe('sentences');
    expect(unitOf('ner-corpus')).toBe('sentences');
    expect(formatWithUnit(12.5, 'tts-corpus')).toBe('12.500 hrs');
    expect(formatWithUnit(2400, 'monolingual-corpus')).toBe('2,400 sentences');
  });
});

describe('barColour', () => {
  it('cycles through 11 distinct colours', () => {
    expect(CHART_COLOURS).toHaveLength(11);
    expect(new Set(CHART_COLOURS).size).toBe(11);
    expect(barColour(0)).toBe(CHART_COLOURS[0]);
    expect(barColour(10)).toBe(CHART_COLOURS[10]);
    expect(barColour(11)).toBe(CHART_COLOURS[0]);
    expect(barColour(25)).toBe(CHART_COLOURS[3]);
  });
});

describe('numbers in the interface language', () => {
  it('Hindi and Tamil use Indian grouping, their compact words and plural units; English is unchanged', async () => {
    const { setLanguage } = await import('../../../lib/i18n/i18n.ts');
    try {
      expect(await setLanguage('hi')).toBe(true);
      expect(formatNumber(1234567)).toBe('12,34,567');
      expect(formatCompact(4_500_000)).toMatch(/^45\sलाख$/);
      expect(formatWithUnit(1, 'asr-corpus')).toBe('1 घंटा');
      expect(formatWithUnit(2400, 'ocr-corpus')).toBe('2,400 छवियाँ');
      expect(await setLanguage('ta')).toBe(true);
      expect(formatNumber(12345678)).toBe('1,23,45,678');
      expect(formatWithUnit(1, 'parallel-corpus')).toBe('1 வாக்கியம்');
      expect(formatWithUnit(3, 'parallel-corpus')).toBe('3 வாக்கியங்கள்');
    } finally {
      await setLanguage('en');
    }
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatWithUnit(1, 'parallel-corpus')).toBe('1 sentence');
    expect(formatWithUnit(2, 'parallel-corpus')).toBe('2 sentences');
  });
});

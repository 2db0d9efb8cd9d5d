import { afterAll, describe, expect, it } from 'vitest';
import { INFERENCE_TASKS } from '@ulca/contracts';
import { setLanguage } from '../../../lib/i18n/i18n.ts';
import { domainName, domainNames } from '../../../lib/i18n/names.ts';
import { domainText, formatEpochDay, formatEpochDayTime, languageText, licenseText, uptimeText } from './format.ts';
import { EXPLORE_TABS, TASK_LABELS, parseExploreTab, modelTaskText } from './tasks.ts';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['models', 'search', 'benchmarks']);

afterAll(() => setLanguage('en', false));

describe('model cells', () => {
  it("shows one pair as 'src - tgt', one language alone, several as Multiple", () => {
    expect(languageText([{ sourceLanguage: 'hi', targetLanguage: 'en' }])).toBe('Hindi - English');
    expect(languageText([{ sourceLanguage: 'ta', targetLanguage: null }])).toBe('Tamil');
    expect(
      languageText([
        { sourceLanguage: 'hi', targetLanguage: 'en' },
        { sourceLanguage: 'en', targetLanguage: 'hi' },
      ]),
    ).toBe('Multiple');
  });

  it("a model that lists no language (gender detection by pitch) reads 'Any language', not '-'", () => {
    expect(languageText([])).toBe('Any language');
  });

  it('shows the uptime share as a percentage, - when unknown', () => {
    expect(uptimeText(0.9951)).toBe('99.5 %');
    expect(uptimeText(null)).toBe('-');
    expect(uptimeText(undefined)).toBe('-');
  });

  it('upper-cases licences and joins domains', () => {
    expect(licenseText('cc-by-4.0')).toBe('CC-BY-4.0');
    expect(domainText(['general', 'legal'])).toBe('general, legal');
    expect(domainText([])).toBe('-');
  });

  it('names domains in Hindi and Tamil from the catalogue (an unknown code stays as it is), codes in English', async () => {
    await setLanguage('hi', false);
    expect(domainText(['general', 'legal'])).toBe('सामान्य, कानूनी');
    expect(domainName('news')).toBe('समाचार');
    await setLanguage('ta', false);
    expect(domainText(['general', 'cooking'])).toBe('பொது, cooking');
    expect(domainNames([])).toBe('');
    await setLanguage('en', false);
    expect(domainText(['general'])).toBe('general');
    expect(domainName('news')).toBe('news');
  });

  it('formats epoch milliseconds through lib/dates (day, month named, year; with time for health)', () => {
    const ms = Date.UTC(2024, 4, 2, 10, 0, 0); // 2 May 2024 10:00 UTC = 15:30 IST
    expect(formatEpochDay(ms, 'Asia/Kolkata')).toBe('2 May 2024');
    expect(formatEpochDayTime(ms, 'Asia/Kolkata')).toBe('2 May 2024, 15:30:00');
    expect(formatEpochDay(null)).toBe('-');
  });
});

describe('task labels', () => {
  it('has one label for each served task of the registry plus sts and status-check, the last two tabs', () => {
    expect(EXPLORE_TABS).toEqual([...INFERENCE_TASKS, 'sts', 'status-check']);
    expect(new Set(Object.values(TASK_LABELS)).size).toBe(EXPLORE_TABS.length);
    expect(modelTaskText('txt-lang-detection')).toBe('Text Language Detection');
    expect(modelTaskText('something-new')).toBe('something-new');
  });

  it('reads the tab from the URL, translation by default', () => {
    expect(parseExploreTab('status-check')).toBe('status-check');
    expect(parseExploreTab('nope')).toBe('translation');
    expect(parseExploreTab(null)).toBe('translation');
  });
});

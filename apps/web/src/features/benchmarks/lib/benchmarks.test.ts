import { describe, expect, it } from 'vitest';
import { coverageText, intervalText, leaderboardMetrics, rankedEntries, scoreText } from './leaderboard.ts';
import { backLink } from '../../../lib/benchmark-navigation.ts';
import { benchmarkFilterOptions, benchmarkLanguageText, filterBenchmarks, type BenchmarkListItem } from './list.ts';
import {
  METRIC_GLOSSARY,
  directionText,
  findMetric,
  lowerIsBetter,
  metricAnchor,
  metricGlossaryPath,
  metricLabel,
} from '../../../lib/metric-glossary.ts';
import { EMPTY_SELECTION, canSubmit, executeItems, filterOptions, toggleDataset, toggleMetric } from './selection.ts';
import { loadTexts, setLanguage } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['benchmarks', 'search']);

describe('metric glossary', () => {
  it('has every metric of the spec, with the original spellings as aliases', () => {
    for (const name of [
      'bleu',
      'meteor',
      'ribes',
      'gleu',
      'bert',
      'chrf',
      'cer',
      'wer',
      'top-1',
      'top-5',
      'top-1 accuracy',
      'ner-f1',
      'entity f1',
      'accuracy',
    ])
      expect(findMetric(name), name).toBeDefined();
    expect(findMetric('nonsense')).toBeUndefined();
    expect(new Set(METRIC_GLOSSARY.map((m) => m.name)).size).toBe(METRIC_GLOSSARY.length);
  });
  it('says BERTScore is not computed here', () => {
    expect(findMetric('bert')).toMatchObject({
      available: false,
      description: 'Not available on this platform: needs a model these machines do not have.',
    });
  });
  it('knows the direction: error rates rank lower first', () => {
    expect(['wer', 'cer', 'ter'].map(lowerIsBetter)).toEqual([true, true, true]);
    expect(['bleu', 'chrf', 'top1', 'ner-f1', 'accuracy', 'unknown'].map(lowerIsBetter)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(directionText('WER')).toBe('lower is better');
    expect(directionText('bleu')).toBe('higher is better');
  });
  it('labels and anchors', () => {
    expect(metricLabel('chrf++')).toBe('chrF++');
    expect(metricLabel('xyz')).toBe('XYZ');
    expect(metricAnchor('chrf++')).toBe('metric-chrf-');
    expect(metricAnchor('top-1 accuracy')).toBe('metric-top1');
    expect(metricGlossaryPath('wer')).toBe('/model/benchmark-datasets#metric-wer');
    expect(metricGlossaryPath()).toBe('/model/benchmark-datasets#metric-definitions');
  });
});

const entry = (metric: string, score: number, position: number, id = `${metric}-${score}`) => ({
  benchmarkProcessId: id,
  metric,
  score,
  position,
});

describe('leaderboard display', () => {
  it('lists the benchmark metrics, then metrics only runs have', () => {
    expect(leaderboardMetrics(['bleu', 'chrf'], [entry('ter', 1, 1), entry('bleu', 2, 1)])).toEqual(['bleu', 'chrf', 'ter']);
  });
  it('follows the server position within one metric', () => {
    const rows = rankedEntries([entry('bleu', 30, 2), entry('ter', 10, 1), entry('bleu', 40, 1)], 'bleu');
    expect(rows.map((r) => r.score)).toEqual([40, 30]);
  });
  it('ranks by the direction when positions are missing', () => {
    expect(rankedEntries([entry('wer', 30, 0), entry('wer', 10, 0), entry('wer', 20, 0)], 'wer').map((r) => r.score)).toEqual([10, 20, 30]);
    expect(rankedEntries([entry('bleu', 30, 0), entry('bleu', 40, 0)], 'bleu').map((r) => r.score)).toEqual([40, 30]);
  });
  it('formats score, interval and coverage', () => {
    expect(scoreText(41.2749)).toBe('41.27');
    expect(scoreText(null)).toBe('--');
    expect(intervalText({ low: 39.8, high: 42.714 })).toBe('39.80 – 42.71');
    expect(intervalText(null)).toBe('--');
    expect(coverageText(4 / 6, 6)).toBe('4/6 rows (67%)');
    expect(coverageText(1, 0)).toBe('100%');
  });
});

const bench = (over: Partial<BenchmarkListItem>): BenchmarkListItem => ({
  benchmarkId: 'b',
  name: 'Bench',
  description: null,
  languages: { sourceLanguage: 'en', targetLanguage: 'hi' },
  domain: ['general'],
  submitter: { name: 'AI4Bharat' },
  ...over,
});

describe('benchmark list filters', () => {
  const items = [
    bench({ benchmarkId: '1', name: 'FLORES en-hi', domain: ['general', 'news'] }),
    bench({
      benchmarkId: '2',
      name: 'Legal ta',
      languages: { sourceLanguage: 'en', targetLanguage: 'ta' },
      domain: ['legal'],
      submitter: { name: 'Court' },
    }),
    bench({
      benchmarkId: '3',
      name: 'Health hi',
      languages: { sourceLanguage: 'hi', targetLanguage: 'en' },
      domain: ['healthcare'],
      description: 'Clinic notes',
    }),
  ];
  it('offers the values present', () => {
    expect(benchmarkFilterOptions(items)).toEqual({
      language: ['en', 'hi', 'ta'],
      domain: ['general', 'healthcare', 'legal', 'news'],
      submitter: ['AI4Bharat', 'Court'],
    });
  });
  it('matches a language as source or target, any value within a group, AND across groups', () => {
    expect(filterBenchmarks(items, '', { language: ['hi'] }).map((b) => b.benchmarkId)).toEqual(['1', '3']);
    expect(filterBenchmarks(items, '', { language: ['hi'], domain: ['news', 'legal'] }).map((b) => b.benchmarkId)).toEqual(['1']);
    expect(filterBenchmarks(items, '', { submitter: ['Court'] }).map((b) => b.benchmarkId)).toEqual(['2']);
    expect(filterBenchmarks(items, '', { language: [] })).toHaveLength(3);
  });
  it('searches name, description and language names', () => {
    expect(filterBenchmarks(items, 'clinic', {}).map((b) => b.benchmarkId)).toEqual(['3']);
    expect(filterBenchmarks(items, 'TAMIL', {}).map((b) => b.benchmarkId)).toEqual(['2']);
  });
  it('searches a domain by its name in the interface language as well as by its code', async () => {
    expect(filterBenchmarks(items, 'healthcare', {}).map((b) => b.benchmarkId)).toEqual(['3']);
    expect(filterBenchmarks(items, 'स्वास्थ्य', {})).toEqual([]);
    await setLanguage('hi', false);
    try {
      expect(filterBenchmarks(items, 'स्वास्थ्य', {}).map((b) => b.benchmarkId)).toEqual(['3']);
      expect(filterBenchmarks(items, 'healthcare', {}).map((b) => b.benchmarkId)).toEqual(['3']);
    } finally {
      await setLanguage('en', false);
    }
  });
  it('shows languages', () => {
    expect(benchmarkLanguageText({ sourceLanguage: 'en', targetLanguage: 'hi' })).toBe('English - Hindi');
    expect(benchmarkLanguageText({ sourceLanguage: 'hi', targetLanguage: null })).toBe('Hindi');
  });
});

describe('details back button', () => {
  it('names the page it returns to', () => {
    expect(backLink(undefined)).toEqual({ text: 'Back to Benchmark Datasets', to: '/model/benchmark-datasets' });
    expect(backLink({ from: 'my-contribution' }).text).toBe('Back to My Contribution');
    expect(backLink({ from: 'model', backTo: '/search-model/abc' })).toEqual({
      text: 'Back to Model Description',
      to: '/search-model/abc',
    });
    expect(backLink({ from: 'model', backTo: 'https://evil.example' }).to).toBe('/model/explore-models');
    expect(backLink({ from: 'bogus' }).text).toBe('Back to Benchmark Datasets');
  });
});

describe('benchmark selection rules', () => {
  const avail = ['bleu', 'chrf'];
  it('selecting a dataset makes it the only one; deselecting clears its metrics', () => {
    let s = toggleDataset(EMPTY_SELECTION, 'a');
    s = toggleMetric(s, 'a', 'bleu', avail);
    expect(s).toEqual({ benchmarkId: 'a', metrics: ['bleu'] });
    expect(toggleDataset(s, 'b')).toEqual({ benchmarkId: 'b', metrics: [] });
    expect(toggleDataset(s, 'a')).toEqual(EMPTY_SELECTION);
  });
  it('toggles metrics one by one and refuses unavailable ones', () => {
    let s = toggleMetric(EMPTY_SELECTION, 'a', 'bleu', avail);
    s = toggleMetric(s, 'a', 'chrf', avail);
    expect(s.metrics).toEqual(['bleu', 'chrf']);
    s = toggleMetric(s, 'a', 'bleu', avail);
    expect(s.metrics).toEqual(['chrf']);
    expect(toggleMetric(s, 'a', 'ter', avail)).toBe(s);
  });
  it('a metric of another dataset moves the selection there', () => {
    const s = toggleMetric({ benchmarkId: 'a', metrics: ['bleu'] }, 'b', 'chrf', avail);
    expect(s).toEqual({ benchmarkId: 'b', metrics: ['chrf'] });
  });
  it('Submit is enabled by any selection; a run needs a metric', () => {
    expect(canSubmit(EMPTY_SELECTION)).toBe(false);
    expect(canSubmit({ benchmarkId: 'a', metrics: [] })).toBe(true);
    expect(executeItems({ benchmarkId: 'a', metrics: [] })).toHaveProperty('error');
    expect(executeItems({ benchmarkId: 'a', metrics: ['bleu', 'chrf'] })).toEqual({
      items: [
        { benchmarkId: 'a', metric: 'bleu' },
        { benchmarkId: 'a', metric: 'chrf' },
      ],
    });
  });
  it('filters the modal rows by term and domain', () => {
    const rows = [
      { name: 'News set', description: null, domain: ['news'] },
      { name: 'Legal', description: 'court orders', domain: ['legal'] },
    ];
    expect(filterOptions(rows, 'COURT', [])).toHaveLength(1);
    expect(filterOptions(rows, '', ['news']).map((r) => r.name)).toEqual(['News set']);
    expect(filterOptions(rows, '', [])).toHaveLength(2);
  });
});

describe('task labels', () => {
  it('names the benchmark tasks', async () => {
    const { benchmarkTaskLabel } = await import('../../../lib/benchmark-navigation.ts');
    expect([benchmarkTaskLabel('asr'), benchmarkTaskLabel('translation'), benchmarkTaskLabel('x'), benchmarkTaskLabel(null)]).toEqual([
      'ASR',
      'Translation',
      'x',
      '-',
    ]);
  });
});

describe('in Hindi and Tamil (docs/product.md#languages-of-the-interface)', () => {
  it('metric directions, descriptions and worded labels, coverage, back links, task labels and scores follow the language; metric names stay Latin', async () => {
    const { setLanguage } = await import('../../../lib/i18n/i18n.ts');
    const { metricDescription } = await import('../../../lib/metric-glossary.ts');
    const { benchmarkTaskLabel } = await import('../../../lib/benchmark-navigation.ts');
    try {
      expect(await setLanguage('hi', false)).toBe(true);
      expect(directionText('wer')).toBe('जितना कम, उतना बेहतर');
      expect(metricLabel('bleu')).toBe('BLEU');
      expect(metricLabel('top1')).toBe('Top-1 सटीकता');
      expect(metricDescription('wer')).toMatch(/^शब्द त्रुटि दर/);
      expect(coverageText(4 / 6, 6)).toBe('4/6 पंक्तियाँ (67%)');
      expect(backLink(undefined).text).toBe('बेंचमार्क डेटासेट पर वापस जाएँ');
      expect(benchmarkTaskLabel('translation')).toBe('अनुवाद');
      // Scores keep their two decimals; counts take Indian grouping.
      expect(scoreText(41.2749)).toBe('41.27');
      expect(coverageText(1, 123456)).toBe('1,23,456/1,23,456 पंक्तियाँ (100%)');
      expect(await setLanguage('ta', false)).toBe(true);
      expect(directionText('bleu')).toBe('அதிகமாக இருந்தால் சிறந்தது');
      expect(benchmarkTaskLabel('asr')).toBe('ASR');
      expect(coverageText(1, 10)).toBe('10/10 வரிசைகள் (100%)');
    } finally {
      await setLanguage('en', false);
    }
    expect(directionText('wer')).toBe('lower is better');
    expect(metricLabel('top1')).toBe('Top-1 accuracy');
  });

  it('server errors: English shows the server text; Hindi the catalogue message of its code; a 404 is told apart', async () => {
    const { setLanguage } = await import('../../../lib/i18n/i18n.ts');
    const { ApiRequestError } = await import('../../../lib/api-client.ts');
    const { benchmarkErrorText, isNotFound } = await import('./errors.ts');
    const exists = new ApiRequestError(409, 'Already run (Demo, BLEU)', 'BENCHMARK_RUN_EXISTS');
    const unknown = new ApiRequestError(400, 'Something new', 'NEW_CODE');
    expect(benchmarkErrorText(exists)).toBe('Already run (Demo, BLEU)');
    try {
      await setLanguage('hi', false);
      expect(benchmarkErrorText(exists)).toMatch(/पहले ही बेंचमार्क हो चुका है/);
      expect(benchmarkErrorText(unknown)).toBe('Something new');
    } finally {
      await setLanguage('en', false);
    }
    expect(isNotFound(new ApiRequestError(404, 'No published benchmark dataset with this benchmarkId.'))).toBe(true);
    expect(isNotFound(new ApiRequestError(500, 'boom'))).toBe(false);
  });
});

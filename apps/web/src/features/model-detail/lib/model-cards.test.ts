import { describe, expect, it } from 'vitest';
import type { ModelRecord } from '@ulca/contracts';
import { setLanguage } from '../../../lib/i18n/i18n.ts';
import { cardDate, cutText, descriptionText, modelCards } from './model-cards.ts';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['modelDetail', 'models', 'try', 'benchmarks', 'search']);

const model: ModelRecord = {
  modelId: 'b1c2',
  name: 'IndicTrans Hindi-English',
  version: 'v1.0',
  description: 'A translation model',
  refUrl: 'https://github.com/example/indictrans',
  task: { type: 'translation' },
  languages: [{ sourceLanguage: 'hi', targetLanguage: 'en' }],
  license: 'mit',
  licenseUrl: null,
  domain: ['general', 'news'],
  submitter: { name: 'AI4Bharat' },
  trainingDataset: { description: 'Samanantar parallel corpus, 46.9 million sentence pairs' },
  inferenceEndPoint: { schema: { modelProcessingType: { type: 'batch' } }, isSyncApi: true },
  status: 'published',
  unpublishReason: null,
  submittedOn: Date.UTC(2024, 1, 3, 12),
  publishedOn: Date.UTC(2024, 4, 2, 12),
  isReferenceModel: false,
  engineCard: null,
  metric: ['bleu'],
  benchmarkPerformance: [],
};

describe('model cards', () => {
  it('cuts text at 30 characters with ...', () => {
    expect(cutText('short')).toBe('short');
    expect(cutText('a'.repeat(30))).toBe('a'.repeat(30));
    expect(cutText('Samanantar parallel corpus, 46.9 million sentence pairs')).toBe('Samanantar parallel corpus, 46...');
    expect(cutText('क'.repeat(31))).toBe(`${'क'.repeat(30)}...`);
  });

  it('lists the cards with month/day/year dates (month named) and the Source URL as a link', () => {
    const cards = modelCards(model);
    expect(cards.map((c) => c.title)).toEqual([
      'Task',
      'Languages',
      'Version',
      'Domain',
      'Submitter',
      'Published On',
      'License',
      'Source URL',
      'Type',
      'Training Dataset',
    ]);
    expect(cards.find((c) => c.title === 'Languages')?.value).toBe('Hindi - English');
    expect(cards.find((c) => c.title === 'Published On')?.value).toBe(cardDate(model.publishedOn));
    expect(cardDate(Date.UTC(2024, 4, 2, 12))).toBe('May 2, 2024');
    expect(cards.find((c) => c.title === 'Source URL')).toEqual({
      key: 'sourceUrl',
      title: 'Source URL',
      value: model.refUrl,
      href: model.refUrl,
    });
    expect(cards.find((c) => c.title === 'License')?.value).toBe('MIT');
  });

  it('shows the domains as codes in English and by their catalogue names in Hindi', async () => {
    expect(modelCards(model).find((c) => c.key === 'domain')?.value).toBe('general, news');
    await setLanguage('hi', false);
    try {
      expect(modelCards(model).find((c) => c.key === 'domain')?.value).toBe('सामान्य, समाचार');
    } finally {
      await setLanguage('en', false);
    }
  });

  it('leaves out empty cards (no refUrl, unpublished, no type)', () => {
    const cards = modelCards({ ...model, refUrl: null, publishedOn: null, inferenceEndPoint: { schema: null, isSyncApi: true } });
    expect(cards.map((c) => c.title)).not.toContain('Source URL');
    expect(cards.map((c) => c.title)).not.toContain('Published On');
    expect(cards.map((c) => c.title)).not.toContain('Type');
  });

  it("leaves a reference model's limits out of its Description (its engine card lists them), and nothing else", () => {
    const engineCard = {
      kind: 'rule-based' as const,
      engine: 'apertium 3.8.3',
      limits: ['Hindi→Urdu and Urdu→Hindi only.', 'Small dictionaries.'],
    };
    const stored = 'Rule-based machine translation by Apertium. Limits: Hindi→Urdu and Urdu→Hindi only. Small dictionaries.';
    expect(descriptionText({ description: stored, isReferenceModel: true, engineCard })).toBe(
      'Rule-based machine translation by Apertium.',
    );
    // A contributor's model keeps its whole text, even one that says "Limits:".
    expect(descriptionText({ description: stored, isReferenceModel: false, engineCard: null })).toBe(stored);
    // A description without the card's first limit is shown as it is.
    expect(descriptionText({ description: 'Rule-based machine translation.', isReferenceModel: true, engineCard })).toBe(
      'Rule-based machine translation.',
    );
  });

  it("an unpublished model shows no 'Published On', though it keeps the day of its last publication", () => {
    const cards = modelCards({ ...model, status: 'unpublished' });
    expect(cards.map((c) => c.title)).not.toContain('Published On');
  });

  it("a model that lists no language reads 'Any language', as in Explore", () => {
    const cards = modelCards({ ...model, task: { type: 'audio-gender-detection' }, languages: [] });
    expect(cards.find((c) => c.key === 'languages')?.value).toBe('Any language');
  });

  it('adds the 7-day uptime card when it is known', () => {
    expect(modelCards(model, '99.5 %').at(-1)).toEqual({ key: 'uptime7d', title: 'Uptime (7 days)', value: '99.5 %' });
    expect(modelCards(model).map((c) => c.key)).not.toContain('uptime7d');
  });
});

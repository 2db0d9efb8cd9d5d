import { describe, expect, it } from 'vitest';
import {
  buildSearchPayload,
  emptySearchForm,
  formFieldOfServerError,
  MANDATORY_MESSAGE,
  searchFormSchema,
  withMixedLanguage,
  type SearchFormValues,
} from './search-form.ts';
import { ASR_ENTRY, PARALLEL_ENTRY } from '../../../test/search-catalogue.ts';

const form = (over: Partial<SearchFormValues>): SearchFormValues => ({ ...emptySearchForm('parallel-corpus'), ...over });

describe('search payload (docs/product.md#entities-and-fields "Search payload criteria")', () => {
  it('sends a source and target pair, lists for list filters and one value for numeric-like ones', () => {
    const values = form({
      sourceLanguage: 'en',
      targetLanguage: ['hi', 'ta'],
      filters: {
        collectionMethod: ['auto-aligned'],
        domain: ['news', 'legal'],
        license: 'cc-by-4.0',
        alignmentTool: ['LaBSE'],
        minScore: '0.8',
        countOfTranslations: '3',
      },
    });
    expect(buildSearchPayload(values, PARALLEL_ENTRY, { userId: 'u-1', advanced: true })).toEqual({
      userId: 'u-1',
      datasetType: 'parallel-corpus',
      criteria: {
        sourceLanguage: ['en'],
        targetLanguage: ['hi', 'ta'],
        collectionMethod: ['auto-aligned'],
        domain: ['news', 'legal'],
        license: ['cc-by-4.0'],
        alignmentTool: ['LaBSE'],
        minScore: 0.8,
        countOfTranslations: 3,
      },
    });
  });

  it('leaves out filters that are not shown: advanced ones with the toggle off, parent-bound ones without their parent, empty ones', () => {
    const values = form({
      sourceLanguage: 'en',
      targetLanguage: ['hi'],
      filters: {
        collectionMethod: ['machine-translated'],
        domain: [],
        alignmentTool: ['LASER'],
        minScore: '0.5',
        translationModel: ['google'],
        editingTool: ['manual'],
      },
    });
    expect(buildSearchPayload(values, PARALLEL_ENTRY, { userId: 'u-1', advanced: true }).criteria).toEqual({
      sourceLanguage: ['en'],
      targetLanguage: ['hi'],
      collectionMethod: ['machine-translated'],
      translationModel: ['google'],
      editingTool: ['manual'],
    });
    expect(buildSearchPayload(values, PARALLEL_ENTRY, { userId: 'u-1', advanced: false }).criteria).toEqual({
      sourceLanguage: ['en'],
      targetLanguage: ['hi'],
      collectionMethod: ['machine-translated'],
    });
  });

  it('sends the two parallel flags only when ticked', () => {
    const criteria = buildSearchPayload(
      form({ sourceLanguage: 'en', targetLanguage: ['hi'], multipleContributors: true }),
      PARALLEL_ENTRY,
      { userId: 'u', advanced: false },
    ).criteria;
    expect(criteria.multipleContributors).toBe(true);
    expect('originalSourceSentence' in criteria).toBe(false);
  });

  it('sends the languages of a type without a target as sourceLanguage, with targetLanguage null', () => {
    const values = { ...emptySearchForm('monolingual-corpus'), targetLanguage: ['ta', 'bn'], filters: { domain: ['news'] } };
    expect(buildSearchPayload(values, undefined, { userId: 'u', advanced: false })).toEqual({
      userId: 'u',
      datasetType: 'monolingual-corpus',
      criteria: { sourceLanguage: ['ta', 'bn'], targetLanguage: null },
    });
  });

  it('sends the data source of an ASR search, with its assert language as a list', () => {
    const values = {
      ...emptySearchForm('asr-corpus'),
      targetLanguage: withMixedLanguage(['hi']),
      dataSource: 'vaani',
      assertLanguage: 'bn',
      filters: { samplingRate: '16000', gender: ['female'] },
    };
    expect(buildSearchPayload(values, ASR_ENTRY, { userId: 'u', advanced: true }).criteria).toEqual({
      sourceLanguage: ['hi', 'mixed'],
      targetLanguage: null,
      mixedDataSource: 'vaani',
      assertLanguage: ['bn'],
      gender: ['female'],
      samplingRate: 16000,
    });
    // Without a data source the assert language is not sent.
    const plain = buildSearchPayload({ ...values, dataSource: '' }, ASR_ENTRY, { userId: 'u', advanced: false }).criteria;
    expect(plain).toEqual({ sourceLanguage: ['hi', 'mixed'], targetLanguage: null });
  });

  it("adds 'mixed' to the targets once", () => {
    expect(withMixedLanguage([])).toEqual(['mixed']);
    expect(withMixedLanguage(['hi'])).toEqual(['hi', 'mixed']);
    expect(withMixedLanguage(['mixed', 'hi'])).toEqual(['mixed', 'hi']);
  });
});

describe('search form rules (docs/product.md#validation-rules "Search submit")', () => {
  const messages = (v: SearchFormValues) => {
    const r = searchFormSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('needs at least one target language', () => {
    expect(messages(emptySearchForm('monolingual-corpus'))).toEqual({ targetLanguage: MANDATORY_MESSAGE });
    expect(messages({ ...emptySearchForm('monolingual-corpus'), targetLanguage: ['ta'] })).toEqual({});
  });

  it('accepts filter fields that were never touched (undefined values)', () => {
    expect(
      messages({ ...emptySearchForm('monolingual-corpus'), targetLanguage: ['ta'], filters: { domain: undefined, license: undefined } }),
    ).toEqual({});
  });

  it('needs both source and target for parallel, transliteration and glossary types', () => {
    for (const type of ['parallel-corpus', 'transliteration-corpus', 'glossary-corpus']) {
      expect(messages(emptySearchForm(type))).toEqual({
        sourceLanguage: 'This field is mandatory',
        targetLanguage: 'This field is mandatory',
      });
      expect(messages({ ...emptySearchForm(type), targetLanguage: ['hi'] })).toEqual({ sourceLanguage: 'This field is mandatory' });
      expect(messages({ ...emptySearchForm(type), sourceLanguage: 'en', targetLanguage: ['hi'] })).toEqual({});
    }
  });

  it('puts server field errors on the field that shows them', () => {
    expect(formFieldOfServerError('criteria.targetLanguage', 'parallel-corpus', [])).toBe('targetLanguage');
    expect(formFieldOfServerError('body.criteria.sourceLanguage', 'parallel-corpus', [])).toBe('sourceLanguage');
    // Without a target the languages field carries sourceLanguage.
    expect(formFieldOfServerError('criteria.sourceLanguage', 'monolingual-corpus', [])).toBe('targetLanguage');
    expect(formFieldOfServerError('/criteria/minScore', 'parallel-corpus', ['minScore'])).toBe('filters.minScore');
    expect(formFieldOfServerError('criteria.somethingElse', 'parallel-corpus', ['minScore'])).toBeNull();
  });
});

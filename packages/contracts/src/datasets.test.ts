import { describe, it, expect } from 'vitest';
import { datasetParamsSchemas, datasetRowSchemas, MEDIA_FIELDS, parallelParamsSchema, posRowSchema } from './datasets.ts';
import { DATASET_TYPES } from './enums.ts';

const parallelParams = {
  datasetType: 'parallel-corpus',
  languages: { sourceLanguage: 'en', targetLanguage: 'ta' },
  collectionSource: ['https://example.org/news'],
  domain: ['news'],
  license: 'cc-by-4.0',
  submitter: { name: 'River Lab' },
  collectionMethod: { collectionDescription: ['machine-translated'], collectionDetails: { translationModel: 'in-house v1' } },
};

describe('dataset schemas', () => {
  it('has a params and a row schema for every dataset type, pos-corpus included', () => {
    for (const t of DATASET_TYPES) {
      expect(datasetParamsSchemas[t]).toBeDefined();
      expect(datasetRowSchemas[t]).toBeDefined();
      expect(MEDIA_FIELDS[t]).toBeDefined();
    }
    expect(DATASET_TYPES).toContain('pos-corpus');
  });

  it('accepts valid parallel params and rejects unknown keys at any depth', () => {
    expect(parallelParamsSchema.safeParse(parallelParams).success).toBe(true);
    const top = parallelParamsSchema.safeParse({ ...parallelParams, extra: true });
    expect(top.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['extra'] });
    const nested = parallelParamsSchema.safeParse({
      ...parallelParams,
      languages: { sourceLanguage: 'en', targetLanguage: 'ta', dialect: 'x' },
    });
    expect(nested.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', path: ['languages'] });
  });

  it('enforces enumerations of languages, domains, licences and collection methods', () => {
    const bad = [
      { languages: { sourceLanguage: 'xx', targetLanguage: 'ta' } },
      { domain: ['weather'] },
      { license: 'public-domain' },
      { collectionMethod: { collectionDescription: ['manual-curated'] } },
    ];
    for (const b of bad) {
      const r = parallelParamsSchema.safeParse({ ...parallelParams, ...b });
      expect(r.error?.issues[0].code).toBe('invalid_value');
    }
  });

  it('limits collectionSource to 1..10 items', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `s${i}`);
    expect(parallelParamsSchema.safeParse({ ...parallelParams, collectionSource: eleven }).error?.issues[0]).toMatchObject({
      code: 'too_big',
      maximum: 10,
      path: ['collectionSource'],
    });
    expect(parallelParamsSchema.safeParse({ ...parallelParams, collectionSource: [] }).success).toBe(false);
  });

  it('uses Universal POS tags for pos-corpus rows', () => {
    expect(posRowSchema.safeParse({ posData: [{ token: 'runs', tag: 'VERB', tokenIndex: 1 }] }).success).toBe(true);
    expect(posRowSchema.safeParse({ posData: [{ token: 'runs', tag: 'VB' }] }).success).toBe(false);
  });

  it('lets a row carry collection details without a description (inherited from params)', () => {
    const row = { sourceText: 'a', targetText: 'b', collectionMethod: { collectionDetails: { alignmentScore: 0.9 } } };
    expect(datasetRowSchemas['parallel-corpus'].safeParse(row).success).toBe(true);
    const wrongKey = { ...row, collectionMethod: { collectionDetails: { ocrTool: 'tesseract' } } };
    expect(datasetRowSchemas['parallel-corpus'].safeParse(wrongKey).success).toBe(false);
  });
});

import type { ModelRecord } from '@ulca/contracts';

/** A model record for unit tests: a published Hindi→English translation model unless `over` says otherwise. */
export function testModel(over: Partial<ModelRecord> & { modelId: string }): ModelRecord {
  return {
    name: `Model ${over.modelId}`,
    version: 'v1.0',
    description: 'A test model',
    refUrl: null,
    task: { type: 'translation' },
    languages: [{ sourceLanguage: 'hi', targetLanguage: 'en' }],
    license: 'cc-by-4.0',
    licenseUrl: null,
    domain: ['general'],
    submitter: { name: 'Lab A' },
    trainingDataset: { description: 'x' },
    inferenceEndPoint: { schema: null, isSyncApi: true },
    status: 'published',
    unpublishReason: null,
    submittedOn: 1_700_000_000_000,
    publishedOn: 1_700_000_000_000,
    isReferenceModel: false,
    engineCard: null,
    metric: [],
    benchmarkPerformance: [],
    ...over,
  };
}

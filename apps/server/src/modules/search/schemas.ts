import { z } from 'zod';

/** Request and response schemas of the search routes (spec 01 §3, §7; contracts "Search and download"). */

export const languageList = z.array(z.string().max(20)).max(60).nullish();
export const criteriaSchema = z
  .object({
    sourceLanguage: languageList,
    targetLanguage: languageList,
    domain: z.array(z.string()).nullish(),
    collectionMethod: z.array(z.string()).nullish(),
    license: z.array(z.string()).nullish(),
    submitterName: z.array(z.string()).nullish(),
    multipleContributors: z.boolean().nullish(),
    originalSourceSentence: z.boolean().nullish(),
  })
  .catchall(z.unknown())
  .describe('Search criteria (spec 01 §3): languages, basic filters and the advanced filters of the type in datasetFilterParams');
export const searchRow = z.object({
  serviceRequestNumber: z.string(),
  datasetType: z.string(),
  timestamp: z.string(),
  searchCriteria: z.record(z.string(), z.unknown()),
  status: z.array(z.object({ status: z.enum(['In-Progress', 'Completed', 'Failed']), details: z.string() })),
});

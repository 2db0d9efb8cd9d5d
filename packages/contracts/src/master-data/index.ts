/**
 * Master data served by POST /ulca/mdms/v0/fetch-master/bulk and GET /ulca/mdms/v0/app-config
 *: the enumerations, the dataset filter catalogue and the search criteria
 * check. Our own TypeScript data; facts from ulca-reference/master-data/prod.
 */
import { FEEDBACK_QUESTIONS_BULK } from './feedback-questions.ts';
import {
  MASTER_ALIGNMENT_TOOLS,
  MASTER_ASR_MODELS,
  MASTER_AUDIO_CHANNELS,
  MASTER_AUDIO_FORMATS,
  MASTER_BITS_PER_SAMPLE,
  MASTER_COLLECTION_METHODS,
  MASTER_DATASET_TYPES,
  MASTER_DIALECTS,
  MASTER_DOMAINS,
  MASTER_DPI,
  MASTER_EDITING_TOOLS,
  MASTER_EVALUATION_METHODS,
  MASTER_GENDER,
  MASTER_IMAGE_TEXT_TYPES,
  MASTER_IMAGE_TYPES,
  MASTER_LANGUAGES,
  MASTER_LICENSES,
  MASTER_MIXED_DATA_SOURCES,
  MASTER_OCR_TOOLS,
  MASTER_SAMPLING_RATES,
  MASTER_SNR_TOOLS,
  MASTER_TRANSLATION_MODELS,
  MASTER_AGE_RANGES,
} from './enumerations.ts';
import { DATASET_FILTER_PARAMS } from './filters.ts';

export * from './enumerations.ts';
export * from './feedback-questions.ts';
export * from './filters.ts';
export * from './search-criteria.ts';

/** Every master list by its name (the `masterNames` of fetch-master/bulk). */
export const MASTER_DATA = {
  languages: MASTER_LANGUAGES,
  domains: MASTER_DOMAINS,
  collectionMethods: MASTER_COLLECTION_METHODS,
  datasetTypes: MASTER_DATASET_TYPES,
  licenses: MASTER_LICENSES,
  feedbackQns: FEEDBACK_QUESTIONS_BULK,
  alignmentTools: MASTER_ALIGNMENT_TOOLS,
  translationModels: MASTER_TRANSLATION_MODELS,
  editingTools: MASTER_EDITING_TOOLS,
  evaluationMethods: MASTER_EVALUATION_METHODS,
  ocrTools: MASTER_OCR_TOOLS,
  imageTextTypes: MASTER_IMAGE_TEXT_TYPES,
  imageTypes: MASTER_IMAGE_TYPES,
  dpi: MASTER_DPI,
  audioFormats: MASTER_AUDIO_FORMATS,
  audioChannels: MASTER_AUDIO_CHANNELS,
  samplingRates: MASTER_SAMPLING_RATES,
  bitsPerSample: MASTER_BITS_PER_SAMPLE,
  gender: MASTER_GENDER,
  ageRanges: MASTER_AGE_RANGES,
  dialects: MASTER_DIALECTS,
  snrTool: MASTER_SNR_TOOLS,
  asrModels: MASTER_ASR_MODELS,
  mixedDatasrc: MASTER_MIXED_DATA_SOURCES,
  datasetFilterParams: DATASET_FILTER_PARAMS,
} as const;

/** A name fetch-master/bulk knows. */
export type MasterName = keyof typeof MASTER_DATA;
export const MASTER_NAMES = Object.keys(MASTER_DATA) as MasterName[];

/**
 * Master-data enumerations as the platform serves them (POST /ulca/mdms/v0/fetch-master/bulk):
 * each a list of `{ code, label, active }`. The facts (codes and labels) come from
 * ulca-reference/master-data/prod; where @ulca/contracts already enumerates a field (enums.ts),
 * that list is the source of truth for the codes, because the codes here are what records store
 * and what a search compares against. Lists of free-text fields (translation models, editing
 * tools, ASR models, SNR tools) carry the reference codes; the search compares those without case.
 */
import {
  AGE_RANGES,
  AUDIO_ALIGNMENT_TOOLS,
  AUDIO_CHANNELS,
  AUDIO_FORMATS,
  BITS_PER_SAMPLE,
  COLLECTION_METHOD_LABELS,
  DATASET_TYPES,
  DATASET_TYPE_LABELS,
  DIALECTS,
  DOMAINS,
  GENDERS,
  IMAGE_DPIS,
  IMAGE_FORMATS,
  IMAGE_TEXT_TYPES,
  LANGUAGES,
  LICENSES,
  MIXED_DATA_SOURCES,
  MT_EVALUATION_METHOD_TYPES,
  OCR_TOOLS,
  TEXT_ALIGNMENT_TOOLS,
  TRANSCRIPTION_EVALUATION_METHOD_TYPES,
} from '../enums.ts';

/** One entry of a master-data list. `code` is a number only for numeric lists (sampling rates). */
export interface MasterEntry {
  code: string | number;
  label: string;
  active: boolean;
}

const entry = (code: string | number, label: string): MasterEntry => ({ code, label, active: true });

/** Labels for codes whose reference label differs from a simple capitalisation. */
const LABELS: Readonly<Record<string, string>> = {
  LaBSE: 'LaBSE',
  LASER: 'LASER',
  AENAES: 'AENAES',
  MTAutomaticEvaluationMethod: 'MT Automatic Evaluation Method',
  MachineTranslatedEvaluationMethod2: 'Machine Translated Evaluation Method 2',
  TranscriptionEvaluationMethod1: 'Transcription Evaluation Method 1',
  'google cloud vision': 'Google Cloud Vision',
  'anuvaad ocr': 'Anuvaad OCR',
  'microsoft azure computer vision': 'Microsoft Azure Computer Vision',
  'amazon textract': 'Amazon Textract',
  'abbyy cloud ocr': 'Abbyy Cloud OCR',
  '300_dpi': '300 DPI',
  '72_dpi': '72 DPI',
  'non-specified': 'Not Specified',
};

/** 'scene-text' → 'Scene Text', unless LABELS says otherwise. */
function labelOf(code: string): string {
  return (
    LABELS[code] ??
    code
      .split(/[-_ ]/)
      .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
      .join(' ')
  );
}
const fromCodes = (list: readonly string[], label: (c: string) => string = labelOf): MasterEntry[] => list.map((c) => entry(c, label(c)));

/** Languages offered for speech datasets (reference vmdslanguages.json): the general list without the last eight regional ones. */
const NOT_FOR_SPEECH = new Set(['bns', 'mwr', 'anp', 'bih', 'hlb', 'tcy', 'gbm', 'sjp']);

export const MASTER_LANGUAGES: MasterEntry[] = LANGUAGES.map((l) => entry(l.code, l.label));
export const MASTER_SPEECH_LANGUAGES: MasterEntry[] = MASTER_LANGUAGES.filter((l) => !NOT_FOR_SPEECH.has(String(l.code)));
export const MASTER_DOMAINS: MasterEntry[] = DOMAINS.map((d) => entry(d.code, d.label));
export const MASTER_LICENSES: MasterEntry[] = LICENSES.map((l) => entry(l.code, l.label));
export const MASTER_COLLECTION_METHODS: MasterEntry[] = Object.entries(COLLECTION_METHOD_LABELS).map(([c, l]) => entry(c, l));
export const MASTER_DATASET_TYPES: MasterEntry[] = DATASET_TYPES.map((t) => entry(t, DATASET_TYPE_LABELS[t]));
export const MASTER_ALIGNMENT_TOOLS: MasterEntry[] = fromCodes([...TEXT_ALIGNMENT_TOOLS, ...AUDIO_ALIGNMENT_TOOLS]);
export const MASTER_TRANSLATION_MODELS: MasterEntry[] = [entry('google-translate', 'Google Translate')];
export const MASTER_EDITING_TOOLS: MasterEntry[] = [
  entry('microsoft excel', 'Microsoft Excel'),
  entry('google translation', 'Google Translation'),
];
export const MASTER_EVALUATION_METHODS: MasterEntry[] = fromCodes([
  ...TRANSCRIPTION_EVALUATION_METHOD_TYPES,
  ...MT_EVALUATION_METHOD_TYPES,
]);
export const MASTER_OCR_TOOLS: MasterEntry[] = fromCodes(OCR_TOOLS);
export const MASTER_IMAGE_TEXT_TYPES: MasterEntry[] = fromCodes(IMAGE_TEXT_TYPES);
export const MASTER_IMAGE_TYPES: MasterEntry[] = fromCodes(IMAGE_FORMATS, (c) => c.toUpperCase());
export const MASTER_DPI: MasterEntry[] = fromCodes(IMAGE_DPIS);
export const MASTER_AUDIO_FORMATS: MasterEntry[] = fromCodes(AUDIO_FORMATS, (c) => c.toUpperCase());
export const MASTER_AUDIO_CHANNELS: MasterEntry[] = fromCodes(AUDIO_CHANNELS);
/** Sampling rates in kHz (records store `samplingRate` as a number). */
export const MASTER_SAMPLING_RATES: MasterEntry[] = [entry(16, '16'), entry(44.1, '44.1')];
export const MASTER_BITS_PER_SAMPLE: MasterEntry[] = fromCodes(BITS_PER_SAMPLE);
export const MASTER_GENDER: MasterEntry[] = fromCodes(GENDERS);
export const MASTER_AGE_RANGES: MasterEntry[] = fromCodes(AGE_RANGES, (c) => c);
export const MASTER_DIALECTS: MasterEntry[] = fromCodes(DIALECTS, (c) => c);
export const MASTER_SNR_TOOLS: MasterEntry[] = [entry('wadasnr', 'WADA SNR')];
export const MASTER_ASR_MODELS: MasterEntry[] = [entry('google-asr', 'Google ASR')];
export const MASTER_MIXED_DATA_SOURCES: MasterEntry[] = fromCodes(MIXED_DATA_SOURCES);

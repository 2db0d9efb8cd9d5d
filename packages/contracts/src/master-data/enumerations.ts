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
import { MODEL_TASK_LABELS } from '../models/tasks.ts';

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

/** A question the platform asks when a user rates a model's output (app config `feedbackQns`). */
export interface FeedbackQuestion extends MasterEntry {
  code: string;
  /** The question shown to the user (our wording). */
  question: string;
}

/**
 * Feedback questions per task (reference feedbackQns.json / stsDetailedQns.json; written in our words):
 * the rating question of each try panel's feedback dialog (docs/product.md#model-detail-and-try-it-panels), one per model task, plus
 * the comments prompt.
 */
export const FEEDBACK_QUESTIONS: FeedbackQuestion[] = [
  { code: 'sts', label: 'Speech to speech', active: true, question: 'How good was this speech-to-speech result overall?' },
  { code: 'asr', label: MODEL_TASK_LABELS.asr, active: true, question: 'How accurately was the speech turned into text?' },
  {
    code: 'translation',
    label: MODEL_TASK_LABELS.translation,
    active: true,
    question: 'How well does the translation keep the meaning of the original?',
  },
  { code: 'tts', label: MODEL_TASK_LABELS.tts, active: true, question: 'How natural and clear does the generated speech sound?' },
  {
    code: 'transliteration',
    label: MODEL_TASK_LABELS.transliteration,
    active: true,
    question: 'How well was the text written in the target script?',
  },
  { code: 'ocr', label: MODEL_TASK_LABELS.ocr, active: true, question: 'How accurately was the text in the image read?' },
  { code: 'ner', label: MODEL_TASK_LABELS.ner, active: true, question: 'How well were the names, places and other entities tagged?' },
  {
    code: 'txt-lang-detection',
    label: MODEL_TASK_LABELS['txt-lang-detection'],
    active: true,
    question: 'Was the language of the text detected correctly?',
  },
  {
    code: 'audio-lang-detection',
    label: MODEL_TASK_LABELS['audio-lang-detection'],
    active: true,
    question: 'Was the spoken language detected correctly?',
  },
  {
    code: 'img-lang-detection',
    label: MODEL_TASK_LABELS['img-lang-detection'],
    active: true,
    question: 'Was the language of the text in the image detected correctly?',
  },
  {
    code: 'audio-gender-detection',
    label: MODEL_TASK_LABELS['audio-gender-detection'],
    active: true,
    question: "Was the speaker's gender detected correctly?",
  },
  { code: 'itn', label: MODEL_TASK_LABELS.itn, active: true, question: 'How well were spoken numbers and dates turned into written form?' },
  {
    code: 'text-normalization',
    label: MODEL_TASK_LABELS['text-normalization'],
    active: true,
    question: 'How well were numbers and symbols turned into words?',
  },
  { code: 'comments', label: 'Comments', active: true, question: 'Anything else you would like to tell us?' },
];

/** One detailed question of the original ULCA's feedback shape (per task: a checkbox; `comments`: free text). */
export interface FeedbackDetailQuestion extends FeedbackQuestion {
  taskType?: string;
  answerType: '5-star-rating' | 'freetext';
  /** The original's flag, a string: whether the answer may be edited. */
  editbox?: 'true' | 'false';
}

/** The sts entry of the original shape: our sts question plus `initialQuestion` and the per-task `values`. */
export interface FeedbackQuestionGroup extends FeedbackQuestion {
  initialQuestion: { question: string; answerType: '5-star-rating'; editbox: 'false' };
  values: FeedbackDetailQuestion[];
}

/**
 * `feedbackQns` as fetch-master/bulk answers it: one list read by both web clients
 * (docs/migration.md#model-side). Its first entry is the sts question carrying the original
 * ULCA client's shape (`initialQuestion`, and `values` with one rating question per task and the
 * comments prompt), which that client reads as `feedbackQns[0].values`; every entry, the first
 * included, is also a flat `{code, label, active, question}` question of ours.
 */
export const FEEDBACK_QUESTIONS_BULK: [FeedbackQuestionGroup, ...FeedbackQuestion[]] = (() => {
  const sts = FEEDBACK_QUESTIONS.find((q) => q.code === 'sts')!;
  const values: FeedbackDetailQuestion[] = FEEDBACK_QUESTIONS.filter((q) => q.code !== 'sts').map((q) =>
    q.code === 'comments' ? { ...q, answerType: 'freetext' } : { ...q, taskType: q.code, answerType: '5-star-rating', editbox: 'true' },
  );
  const group: FeedbackQuestionGroup = {
    ...sts,
    initialQuestion: { question: sts.question, answerType: '5-star-rating', editbox: 'false' },
    values,
  };
  return [group, ...FEEDBACK_QUESTIONS.filter((q) => q.code !== 'sts')];
})();

/**
 * The feedback questions of the master data (app-config `feedbackQns`, fetch-master/bulk): a module of
 * their own because they name the tasks by the task registry (models/tasks.ts, with its zod
 * schemas), while enumerations.ts stays zod-free for the public dashboard's first load (see
 * docs/benchmarks.md#web).
 */
import { MODEL_TASK_LABELS } from '../models/tasks.ts';
import type { MasterEntry } from './enumerations.ts';

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

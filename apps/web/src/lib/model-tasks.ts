import type { InferenceTask } from '@ulca/contracts';

/**
 * How every page names a model task (spec 02 §1): one map, so a task reads the same in My Models,
 * Explore, the health table, the filters, the model page and its try panel. The original client's
 * words where it had them (Translation, ASR, TTS, OCR, NER, Transliteration); the three language
 * detections say what they listen to or read.
 */
export const MODEL_TASK_LABELS: Record<InferenceTask, string> = {
  translation: 'Translation',
  transliteration: 'Transliteration',
  asr: 'ASR',
  tts: 'TTS',
  ocr: 'OCR',
  ner: 'NER',
  'txt-lang-detection': 'Text Language Detection',
  'audio-lang-detection': 'Audio Language Detection',
  'audio-gender-detection': 'Gender Detection',
  'img-lang-detection': 'Image Language Detection',
  itn: 'ITN',
  'text-normalization': 'Text Normalization',
};

/** The label of a task code; '-' for none, an unknown code as it is. */
export function modelTaskLabel(task: string | null | undefined): string {
  if (!task) return '-';
  return (MODEL_TASK_LABELS as Record<string, string>)[task] ?? task;
}

import type { InferenceTask } from '@ulca/contracts';

/**
 * Display names of the model tasks (spec 02 §1). Kept here until the models feature's task label
 * map (features/models/lib) is merged; then the two are unified into one.
 */
export const TASK_LABELS: Record<InferenceTask, string> = {
  translation: 'Translation',
  transliteration: 'Transliteration',
  asr: 'ASR',
  tts: 'TTS',
  ocr: 'OCR',
  ner: 'NER',
  'txt-lang-detection': 'Text Language Detection',
  'audio-lang-detection': 'Audio Language Detection',
  'audio-gender-detection': 'Audio Gender Detection',
  'img-lang-detection': 'Image Language Detection',
  itn: 'ITN',
  'text-normalization': 'Text Normalization',
};

/** The display name of a task code, or the code itself when unknown. */
export function taskLabel(task: string): string {
  return (TASK_LABELS as Record<string, string>)[task] ?? task;
}

import type { InferenceTask } from '@ulca/contracts';

/**
 * Display names of the model tasks (spec 02 §1), word for word those of Explore's map
 * (features/models/lib/tasks.ts), so a task reads the same on its list and on a model's page. Two
 * copies because features do not import each other; both move to a shared folder together.
 */
export const TASK_LABELS: Record<InferenceTask, string> = {
  translation: 'Translation',
  transliteration: 'Transliteration',
  asr: 'ASR',
  tts: 'TTS',
  ocr: 'OCR',
  ner: 'NER',
  'txt-lang-detection': 'Language Detection',
  'audio-lang-detection': 'Audio Language Detection',
  'audio-gender-detection': 'Gender Detection',
  'img-lang-detection': 'Image Language Detection',
  itn: 'ITN',
  'text-normalization': 'Text Normalization',
};

/** The display name of a task code, or the code itself when unknown. */
export function taskLabel(task: string): string {
  return (TASK_LABELS as Record<string, string>)[task] ?? task;
}

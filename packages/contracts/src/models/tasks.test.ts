import { describe, it, expect } from 'vitest';
import {
  AUDIO_INPUT_TASKS,
  BENCHMARK_TASKS,
  IMAGE_INPUT_TASKS,
  INFERENCE_TASKS,
  LANGUAGE_FREE_TASKS,
  MODEL_TASK_METRICS,
  MODEL_TASKS,
  PAIRED_INFERENCE_TASKS,
  TASK_LABELS,
  TASK_REGISTRY,
  assertNever,
  inferenceRequestSchemas,
  inferenceResponseSchemas,
  isBenchmarkTask,
  isInferenceTask,
  isModelTask,
} from './tasks.ts';
import { BENCHMARK_TASK_DATASET_TYPES, LANGUAGE_FREE_BENCHMARK_TASKS } from '../api/benchmarks.ts';
import { FEEDBACK_QUESTIONS } from '../master-data/feedback-questions.ts';

describe('task registry', () => {
  it('is the one list: the 12 served tasks, then the search-only ULCA names', () => {
    expect(MODEL_TASKS).toEqual([
      'translation',
      'transliteration',
      'asr',
      'tts',
      'ocr',
      'ner',
      'txt-lang-detection',
      'audio-lang-detection',
      'audio-gender-detection',
      'img-lang-detection',
      'itn',
      'text-normalization',
      'document-layout',
      'glossary',
    ]);
    expect(INFERENCE_TASKS).toEqual(MODEL_TASKS.slice(0, 12));
    expect(isModelTask('glossary')).toBe(true);
    expect(isInferenceTask('glossary')).toBe(false);
    expect(isInferenceTask('toString')).toBe(false);
    expect(isModelTask('toString')).toBe(false);
  });

  it('derives the task groups the server and the web read', () => {
    expect(PAIRED_INFERENCE_TASKS).toEqual(['translation', 'transliteration']);
    expect(LANGUAGE_FREE_TASKS).toEqual(['txt-lang-detection', 'audio-lang-detection', 'audio-gender-detection', 'img-lang-detection']);
    expect(AUDIO_INPUT_TASKS).toEqual(['asr', 'audio-lang-detection', 'audio-gender-detection']);
    expect(IMAGE_INPUT_TASKS).toEqual(['ocr', 'img-lang-detection']);
    for (const t of INFERENCE_TASKS) {
      expect(inferenceRequestSchemas[t]).toBe(TASK_REGISTRY[t].request);
      expect(inferenceResponseSchemas[t]).toBe(TASK_REGISTRY[t].response);
      expect(TASK_LABELS[t]).toBe(TASK_REGISTRY[t].label);
    }
    expect(MODEL_TASK_METRICS.translation).toEqual(['bleu', 'chrf', 'chrf++', 'ter']);
    expect(MODEL_TASK_METRICS.tts).toEqual([]);
  });

  it('derives the benchmark tasks with their dataset types', () => {
    expect(BENCHMARK_TASKS).toEqual(['translation', 'transliteration', 'asr', 'ocr', 'ner', 'txt-lang-detection', 'audio-lang-detection']);
    expect(BENCHMARK_TASK_DATASET_TYPES).toEqual({
      translation: 'parallel-corpus',
      transliteration: 'transliteration-corpus',
      asr: 'asr-corpus',
      ocr: 'ocr-corpus',
      ner: 'ner-corpus',
      'txt-lang-detection': 'monolingual-corpus',
      'audio-lang-detection': 'asr-corpus',
    });
    expect(LANGUAGE_FREE_BENCHMARK_TASKS).toEqual(['txt-lang-detection', 'audio-lang-detection']);
    expect(isBenchmarkTask('tts')).toBe(false);
    expect(isBenchmarkTask('ner')).toBe(true);
  });

  it('every served task has an active feedback question (a list the compiler cannot check)', () => {
    const asked = new Set(FEEDBACK_QUESTIONS.filter((q) => q.active).map((q) => q.code));
    expect(INFERENCE_TASKS.filter((t) => !asked.has(t))).toEqual([]);
  });

  it('assertNever throws when an unchecked value reaches it', () => {
    expect(() => assertNever('x' as never, 'task')).toThrow('unhandled task: x');
  });
});

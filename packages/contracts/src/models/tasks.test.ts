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
  type InferenceTask,
} from './tasks.ts';
import { BENCHMARK_TASK_DATASET_TYPES, LANGUAGE_FREE_BENCHMARK_TASKS } from '../api/benchmarks.ts';
import { FEEDBACK_QUESTIONS } from '../master-data/feedback-questions.ts';

describe('task registry', () => {
  // Derived from the registry itself, so adding a task changes no test here (docs/architecture.md#adding-a-model-task).
  const served = Object.entries(TASK_REGISTRY)
    .filter(([, spec]) => spec.served)
    .map(([t]) => t);
  const servedWhere = (pick: (spec: (typeof TASK_REGISTRY)[InferenceTask]) => boolean) =>
    INFERENCE_TASKS.filter((t) => pick(TASK_REGISTRY[t]));

  it('is the one list: the served tasks, then the search-only ULCA names', () => {
    expect(MODEL_TASKS).toEqual(Object.keys(TASK_REGISTRY));
    expect(INFERENCE_TASKS).toEqual(served);
    expect(MODEL_TASKS.slice(INFERENCE_TASKS.length)).toEqual(['document-layout', 'glossary']);
    expect(INFERENCE_TASKS).toEqual(expect.arrayContaining(['translation', 'asr', 'tts', 'ocr', 'ner']));
    expect(isModelTask('glossary')).toBe(true);
    expect(isInferenceTask('glossary')).toBe(false);
    expect(isInferenceTask('toString')).toBe(false);
    expect(isModelTask('toString')).toBe(false);
  });

  it('derives the task groups the server and the web read', () => {
    expect(PAIRED_INFERENCE_TASKS).toEqual(servedWhere((s) => s.languages === 'pair'));
    expect(PAIRED_INFERENCE_TASKS).toEqual(expect.arrayContaining(['translation', 'transliteration']));
    expect(LANGUAGE_FREE_TASKS).toEqual(servedWhere((s) => s.languages === 'free'));
    expect(LANGUAGE_FREE_TASKS).toContain('txt-lang-detection');
    expect(AUDIO_INPUT_TASKS).toEqual(servedWhere((s) => s.input === 'audio'));
    expect(AUDIO_INPUT_TASKS).toEqual(expect.arrayContaining(['asr', 'audio-lang-detection']));
    expect(IMAGE_INPUT_TASKS).toEqual(servedWhere((s) => s.input === 'image'));
    expect(IMAGE_INPUT_TASKS).toContain('ocr');
    for (const t of INFERENCE_TASKS) {
      expect(inferenceRequestSchemas[t]).toBe(TASK_REGISTRY[t].request);
      expect(inferenceResponseSchemas[t]).toBe(TASK_REGISTRY[t].response);
      expect(TASK_LABELS[t]).toBe(TASK_REGISTRY[t].label);
      expect(MODEL_TASK_METRICS[t]).toBe(TASK_REGISTRY[t].modelMetrics);
    }
    expect(MODEL_TASK_METRICS.translation).toEqual(['bleu', 'chrf', 'chrf++', 'ter']);
    expect(MODEL_TASK_METRICS.tts).toEqual([]);
  });

  it('derives the benchmark tasks with their dataset types', () => {
    expect(BENCHMARK_TASKS).toEqual(servedWhere((s) => s.benchmark !== null));
    expect(BENCHMARK_TASK_DATASET_TYPES).toEqual(
      Object.fromEntries(BENCHMARK_TASKS.map((t) => [t, TASK_REGISTRY[t].benchmark.datasetType])),
    );
    expect(BENCHMARK_TASK_DATASET_TYPES).toMatchObject({
      translation: 'parallel-corpus',
      asr: 'asr-corpus',
      'txt-lang-detection': 'monolingual-corpus',
    });
    expect(LANGUAGE_FREE_BENCHMARK_TASKS).toEqual(BENCHMARK_TASKS.filter((t) => TASK_REGISTRY[t].languages === 'free'));
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

/**
 * The task registry: the one list of model tasks and, for each, everything the server, the web app
 * and the benchmark code need to know about it (see docs/architecture.md#adding-a-model-task).
 * Every other list or map of tasks is derived from TASK_REGISTRY, and code that handles tasks one
 * by one does so through a `Record<InferenceTask, …>` (or a kind of this file) with no `default:`,
 * so that a task added here fails to compile wherever it is not handled yet.
 *
 * The list is the union of the tasks the platform serves (those with an inference interface,
 * docs/product.md#what-the-platform-is, docs/product.md#screens) and the older ULCA task names model/search still accepts (`document-layout`,
 * `glossary`: common-schemas SupportedTasks; no descriptor may declare them).
 */
import { z } from 'zod';
import type { DatasetType } from '../enums.ts';
import {
  asrRequestSchema,
  asrResponseSchema,
  audioGenderDetectionRequestSchema,
  audioGenderDetectionResponseSchema,
  audioLangDetectionRequestSchema,
  audioLangDetectionResponseSchema,
  imgLangDetectionRequestSchema,
  imgLangDetectionResponseSchema,
  itnRequestSchema,
  itnResponseSchema,
  nerRequestSchema,
  nerResponseSchema,
  ocrRequestSchema,
  ocrResponseSchema,
  textNormalizationRequestSchema,
  textNormalizationResponseSchema,
  translationRequestSchema,
  translationResponseSchema,
  transliterationRequestSchema,
  transliterationResponseSchema,
  ttsRequestSchema,
  ttsResponseSchema,
  txtLangDetectionRequestSchema,
  txtLangDetectionResponseSchema,
} from './inference.ts';

/** What a task's request carries: `input:[{source}]`, `audio:[…]` or `image:[…]`. */
export type TaskInputKind = 'text' | 'audio' | 'image';

/**
 * What a task's answer carries, which decides how it is read (try panels), checked (health job)
 * and stored for scoring (benchmark runs):
 * - `target-text`: `output[].target`, one string (translation, itn, text-normalization);
 * - `suggestions`: `output[].target`, a string or a list of candidates (transliteration);
 * - `source-text`: `output[].source`, the text heard or read (asr, ocr);
 * - `audio`: `audio[].audioContent | audioUri` (tts);
 * - `ner`: `output[].nerPrediction[]`; `languages`: `output[].langPrediction[]`;
 *   `genders`: `output[].genderPrediction[]`.
 */
export type TaskOutputKind = 'target-text' | 'suggestions' | 'source-text' | 'audio' | 'ner' | 'languages' | 'genders';

/**
 * The languages of a task's model: `pair` needs source and target (translation, transliteration),
 * `single` one language, `free` none (the detections: a descriptor may omit `languages`).
 */
export type TaskLanguageKind = 'pair' | 'single' | 'free';

/** The web app's try panel of a task (docs/product.md#model-detail-and-try-it-panels "Try-it panels"); streaming asr/tts models get a streaming panel instead. */
export type TryPanelKind = 'text' | 'speech' | 'image';

/** The benchmark side of a task (docs/product.md#benchmark-datasets-and-leaderboards "Benchmark datasets"); see docs/benchmarks.md. */
export interface TaskBenchmarkSpec {
  /**
   * The dataset type whose params checks (and row checks unless BENCHMARK_ROW_SCHEMAS has the
   * task) a benchmark dataset of the task goes through.
   */
  datasetType: DatasetType;
  /** Metrics a run on a benchmark of the task may use, in display order (names of the server's metric registry). */
  metrics: readonly string[];
}

/** A task the platform serves: models of it are uploaded, tried, health-checked and (maybe) benchmarked. */
export interface ServedTaskSpec {
  served: true;
  /** How every page names the task (docs/product.md#what-the-platform-is). */
  label: string;
  input: TaskInputKind;
  output: TaskOutputKind;
  languages: TaskLanguageKind;
  tryPanel: TryPanelKind;
  /** What the platform sends to a model's `callbackUrl` (models/inference.ts). */
  request: z.ZodType;
  /** What the model answers (models/inference.ts). */
  response: z.ZodType;
  /** Metrics answered as `metric` on every model record of the task (docs/product.md#entities-and-fields metric glossary). */
  modelMetrics: readonly string[];
  /** Null when the platform has no benchmark datasets of the task. */
  benchmark: TaskBenchmarkSpec | null;
}

/** A task name model/search accepts but no model can declare (no inference interface). */
export interface SearchOnlyTaskSpec {
  served: false;
  label: string;
}

export type TaskSpec = ServedTaskSpec | SearchOnlyTaskSpec;

/**
 * The registry, in display order (Explore tabs follow it). Labels are the original client's words
 * where it had them; the detections say what they listen to or read.
 */
export const TASK_REGISTRY = {
  translation: {
    served: true,
    label: 'Translation',
    input: 'text',
    output: 'target-text',
    languages: 'pair',
    tryPanel: 'text',
    request: translationRequestSchema,
    response: translationResponseSchema,
    modelMetrics: ['bleu', 'chrf', 'chrf++', 'ter'],
    benchmark: {
      datasetType: 'parallel-corpus',
      metrics: ['bleu', 'chrf', 'chrf++', 'ter', 'bleu-indic', 'gleu', 'ribes', 'meteor-exact'],
    },
  },
  transliteration: {
    served: true,
    label: 'Transliteration',
    input: 'text',
    output: 'suggestions',
    languages: 'pair',
    tryPanel: 'text',
    request: transliterationRequestSchema,
    response: transliterationResponseSchema,
    modelMetrics: ['top-1 accuracy', 'cer'],
    benchmark: { datasetType: 'transliteration-corpus', metrics: ['top1', 'top5', 'cer'] },
  },
  asr: {
    served: true,
    label: 'ASR',
    input: 'audio',
    output: 'source-text',
    languages: 'single',
    tryPanel: 'speech',
    request: asrRequestSchema,
    response: asrResponseSchema,
    modelMetrics: ['wer', 'cer'],
    benchmark: { datasetType: 'asr-corpus', metrics: ['wer', 'cer'] },
  },
  tts: {
    served: true,
    label: 'TTS',
    input: 'text',
    output: 'audio',
    languages: 'single',
    tryPanel: 'text',
    request: ttsRequestSchema,
    response: ttsResponseSchema,
    modelMetrics: [],
    benchmark: null,
  },
  ocr: {
    served: true,
    label: 'OCR',
    input: 'image',
    output: 'source-text',
    languages: 'single',
    tryPanel: 'image',
    request: ocrRequestSchema,
    response: ocrResponseSchema,
    modelMetrics: ['wer', 'cer'],
    benchmark: { datasetType: 'ocr-corpus', metrics: ['wer', 'cer'] },
  },
  ner: {
    served: true,
    label: 'NER',
    input: 'text',
    output: 'ner',
    languages: 'single',
    tryPanel: 'text',
    request: nerRequestSchema,
    response: nerResponseSchema,
    modelMetrics: [],
    // Runs align the model's nerPrediction and the rows' nerData to the rows' words and score entity F1.
    benchmark: { datasetType: 'ner-corpus', metrics: ['ner-f1'] },
  },
  'txt-lang-detection': {
    served: true,
    label: 'Text Language Detection',
    input: 'text',
    output: 'languages',
    languages: 'free',
    tryPanel: 'text',
    request: txtLangDetectionRequestSchema,
    response: txtLangDetectionResponseSchema,
    modelMetrics: ['top-1 accuracy'],
    // Params are monolingual-corpus's; rows ({sourceText, langCode}) are BENCHMARK_ROW_SCHEMAS'.
    benchmark: { datasetType: 'monolingual-corpus', metrics: ['accuracy'] },
  },
  'audio-lang-detection': {
    served: true,
    label: 'Audio Language Detection',
    input: 'audio',
    output: 'languages',
    languages: 'free',
    tryPanel: 'speech',
    request: audioLangDetectionRequestSchema,
    response: audioLangDetectionResponseSchema,
    modelMetrics: ['top-1 accuracy'],
    // Params are asr-corpus's; rows ({audioFilename, langCode}) are BENCHMARK_ROW_SCHEMAS'.
    benchmark: { datasetType: 'asr-corpus', metrics: ['accuracy'] },
  },
  'audio-gender-detection': {
    served: true,
    label: 'Audio Gender Detection',
    input: 'audio',
    output: 'genders',
    languages: 'free',
    tryPanel: 'speech',
    request: audioGenderDetectionRequestSchema,
    response: audioGenderDetectionResponseSchema,
    modelMetrics: ['top-1 accuracy'],
    benchmark: null,
  },
  'img-lang-detection': {
    served: true,
    label: 'Image Language Detection',
    input: 'image',
    output: 'languages',
    languages: 'free',
    tryPanel: 'image',
    request: imgLangDetectionRequestSchema,
    response: imgLangDetectionResponseSchema,
    modelMetrics: ['top-1 accuracy'],
    benchmark: null,
  },
  itn: {
    served: true,
    label: 'ITN',
    input: 'text',
    output: 'target-text',
    languages: 'single',
    tryPanel: 'text',
    request: itnRequestSchema,
    response: itnResponseSchema,
    modelMetrics: ['wer', 'cer'],
    benchmark: null,
  },
  'text-normalization': {
    served: true,
    label: 'Text Normalization',
    input: 'text',
    output: 'target-text',
    languages: 'single',
    tryPanel: 'text',
    request: textNormalizationRequestSchema,
    response: textNormalizationResponseSchema,
    modelMetrics: ['wer', 'cer'],
    benchmark: null,
  },
  'document-layout': { served: false, label: 'Document Layout' },
  glossary: { served: false, label: 'Glossary' },
} as const satisfies Record<string, TaskSpec>;

type Registry = typeof TASK_REGISTRY;

/** Every task name: the registry's keys, in its order. */
export type ModelTask = keyof Registry;
/** The one list of tasks (served ones first, then the search-only ULCA names). */
export const MODEL_TASKS = Object.keys(TASK_REGISTRY) as readonly ModelTask[];

/** A task with an inference interface: what a model descriptor may declare. */
export type InferenceTask = { [K in ModelTask]: Registry[K] extends { served: true } ? K : never }[ModelTask];
/** The served tasks (the registry filtered on `served`), in registry order. */
export const INFERENCE_TASKS: readonly InferenceTask[] = MODEL_TASKS.filter((t): t is InferenceTask => TASK_REGISTRY[t].served);

/** A served task name (zod), for request bodies and descriptors. */
export const inferenceTaskSchema = z.enum(INFERENCE_TASKS);

/** The registry entry of a served task. */
export function taskSpec<T extends InferenceTask>(task: T): Registry[T] {
  return TASK_REGISTRY[task];
}

/** True for a served task name (a string from a request, a row, a URL). */
export function isInferenceTask(task: unknown): task is InferenceTask {
  return typeof task === 'string' && (INFERENCE_TASKS as readonly string[]).includes(task);
}

/** True for any task name of the registry (served or search-only). */
export function isModelTask(task: unknown): task is ModelTask {
  return typeof task === 'string' && Object.hasOwn(TASK_REGISTRY, task);
}

const servedWhere = (pick: (s: ServedTaskSpec) => boolean): readonly InferenceTask[] =>
  INFERENCE_TASKS.filter((t) => pick(TASK_REGISTRY[t]));

/** Tasks whose model maps a source language to a different target language (languages need targetLanguage). */
export const PAIRED_INFERENCE_TASKS: readonly InferenceTask[] = servedWhere((s) => s.languages === 'pair');
/** Tasks that detect something about any input: a descriptor may omit `languages` (the original stores 'mixed'). */
export const LANGUAGE_FREE_TASKS: readonly InferenceTask[] = servedWhere((s) => s.languages === 'free');
/** Audio-in tasks: the request carries `audio` (asr and the audio detections). */
export const AUDIO_INPUT_TASKS: readonly InferenceTask[] = servedWhere((s) => s.input === 'audio');
/** Image-in tasks: the request carries `image`. */
export const IMAGE_INPUT_TASKS: readonly InferenceTask[] = servedWhere((s) => s.input === 'image');

type RequestSchemas = { [K in InferenceTask]: Extract<Registry[K], ServedTaskSpec>['request'] };
type ResponseSchemas = { [K in InferenceTask]: Extract<Registry[K], ServedTaskSpec>['response'] };

/** Request schema of each task (what the platform sends to `callbackUrl`). */
export const inferenceRequestSchemas = Object.fromEntries(INFERENCE_TASKS.map((t) => [t, TASK_REGISTRY[t].request])) as RequestSchemas;
/** Response schema of each task (what a model's endpoint answers; extra fields such as `status` are kept). */
export const inferenceResponseSchemas = Object.fromEntries(INFERENCE_TASKS.map((t) => [t, TASK_REGISTRY[t].response])) as ResponseSchemas;

/** The request body of a task's inference call, e.g. `InferenceRequest<'tts'>`. */
export type InferenceRequest<T extends InferenceTask = InferenceTask> = z.infer<RequestSchemas[T]>;
/** The answer of a task's inference call, e.g. `InferenceResponse<'ner'>`. */
export type InferenceResponse<T extends InferenceTask = InferenceTask> = z.infer<ResponseSchemas[T]>;

export type TranslationRequest = InferenceRequest<'translation'>;
export type TranslationResponse = InferenceResponse<'translation'>;
export type AsrRequest = InferenceRequest<'asr'>;
export type AsrResponse = InferenceResponse<'asr'>;
export type TtsRequest = InferenceRequest<'tts'>;
export type TtsResponse = InferenceResponse<'tts'>;
export type OcrRequest = InferenceRequest<'ocr'>;
export type NerResponse = InferenceResponse<'ner'>;

/** A lookup of one field of every served task's entry. */
function byTask<V>(pick: (s: ServedTaskSpec) => V): Readonly<Record<InferenceTask, V>> {
  return Object.fromEntries(INFERENCE_TASKS.map((t) => [t, pick(TASK_REGISTRY[t])])) as Record<InferenceTask, V>;
}

/** Labels of the served tasks (how every page names them). */
export const TASK_LABELS: Readonly<Record<InferenceTask, string>> = byTask((s) => s.label);
/** How every page and every answer names a model task: the registry's labels, also used by the feedback questions the server answers. */
export const MODEL_TASK_LABELS = TASK_LABELS;

/** Metrics answered as `metric` on a model of each task (docs/product.md#entities-and-fields metric glossary, docs/benchmarks.md#benchmark-runs-and-leaderboards "Benchmarks"). */
export const MODEL_TASK_METRICS: Readonly<Record<InferenceTask, readonly string[]>> = byTask((s) => s.modelMetrics);

/** A served task with benchmark datasets. */
export type BenchmarkTask = { [K in InferenceTask]: Registry[K] extends { benchmark: TaskBenchmarkSpec } ? K : never }[InferenceTask];
/** The benchmark tasks, in registry order. */
export const BENCHMARK_TASKS: readonly BenchmarkTask[] = INFERENCE_TASKS.filter(
  (t): t is BenchmarkTask => TASK_REGISTRY[t].benchmark !== null,
);
/** True for a benchmark task name. */
export function isBenchmarkTask(task: unknown): task is BenchmarkTask {
  return typeof task === 'string' && (BENCHMARK_TASKS as readonly string[]).includes(task);
}
/** The benchmark side of a benchmark task. */
export function benchmarkSpec(task: BenchmarkTask): TaskBenchmarkSpec {
  return TASK_REGISTRY[task].benchmark;
}

/**
 * Compile-time guard of an exhaustive `switch` over a task or a kind of this file: call it in the
 * place of `default:` so that a value left unhandled is a type error naming the switch.
 * @throws Error when reached at run time (a value outside its type, e.g. from an unchecked cast).
 */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unhandled ${what}: ${String(value)}`);
}

import {
  MODEL_NOT_ACCESSIBLE_MESSAGE,
  languageLabel,
  type InferenceTask,
  type ModelComputeAnswer,
  type ModelComputeAnswers,
} from '@ulca/contracts';
import { groupNerTokens, type NerSegment } from './ner.ts';

/** What a try panel shows for a model's answer (docs/product.md#entities-and-fields "Inference response fields"). */
export type TryOutput =
  | { kind: 'text'; text: string }
  | { kind: 'suggestions'; suggestions: string[] }
  | { kind: 'audio'; audioContent?: string; audioUri?: string }
  | { kind: 'languages'; predictions: { code: string; label: string; score?: number }[] }
  | { kind: 'genders'; predictions: { gender: string; score?: number }[] }
  | { kind: 'ner'; source: string; segments: NerSegment[] };

/** The model answered in its task's shape, but with nothing to show (an empty list). */
export class OutputShapeError extends Error {
  constructor() {
    super(MODEL_NOT_ACCESSIBLE_MESSAGE);
    this.name = 'OutputShapeError';
  }
}

/** The first item of an answer's list; an empty list is {@link OutputShapeError}. */
function firstOf<I>(items: readonly I[]): I {
  const [first] = items;
  if (first === undefined) throw new OutputShapeError();
  return first;
}

const text = (value: string): TryOutput => ({ kind: 'text', text: value });
const languages = (list: readonly { langCode: string; langScore?: number }[]): TryOutput => ({
  kind: 'languages',
  predictions: list.map((p) => ({ code: p.langCode, label: languageLabel(p.langCode), score: p.langScore })),
});

/**
 * What each task's panel shows of its model's answer (docs/product.md#entities-and-fields
 * "Inference response fields"): one reader per task of the registry, so a task added there fails
 * to compile here until its panel can read it.
 */
const READERS: { [K in InferenceTask]: (answer: ModelComputeAnswers[K]) => TryOutput } = {
  translation: (a) => text(firstOf(a.output).target),
  itn: (a) => text(firstOf(a.output).target),
  'text-normalization': (a) => text(firstOf(a.output).target),
  asr: (a) => text(firstOf(a.output).source),
  ocr: (a) => text(firstOf(a.output).source),
  transliteration: (a) => {
    const target = firstOf(a.output).target;
    const suggestions = (Array.isArray(target) ? target : [target]).filter((s) => s.length > 0);
    if (suggestions.length === 0) throw new OutputShapeError();
    return { kind: 'suggestions', suggestions };
  },
  tts: (a) => {
    const audio = firstOf(a.audio);
    return { kind: 'audio', audioContent: audio.audioContent, audioUri: audio.audioUri };
  },
  ner: (a) => {
    const first = firstOf(a.output);
    return { kind: 'ner', source: first.source, segments: groupNerTokens(first.nerPrediction) };
  },
  'txt-lang-detection': (a) => languages(firstOf(a.output).langPrediction),
  'audio-lang-detection': (a) => languages(firstOf(a.output).langPrediction),
  'img-lang-detection': (a) => languages(firstOf(a.output).langPrediction),
  'audio-gender-detection': (a) => ({
    kind: 'genders',
    predictions: firstOf(a.output).genderPrediction.map((p) => ({ gender: p.gender, score: p.genderScore })),
  }),
};

/**
 * Maps a model's answer to what the panel shows. The answer is typed by the task: the server
 * checked it against the task's response schema (@ulca/contracts modelComputeResponse), so it is
 * read as it came, not parsed again. Throws OutputShapeError when it holds nothing to show.
 */
export function readOutput<K extends InferenceTask>(task: K, answer: ModelComputeAnswer<K>): TryOutput {
  const read: (answer: ModelComputeAnswer<K>) => TryOutput = READERS[task];
  return read(answer);
}

/** The output as text for the feedback payload and the suggest-an-edit box. */
export function outputText(output: TryOutput): string {
  switch (output.kind) {
    case 'text':
      return output.text;
    case 'suggestions':
      return output.suggestions[0] ?? '';
    case 'audio':
      // Base64 audio is too large for the feedback record; a URL is kept.
      return output.audioUri ?? '';
    case 'languages':
      return output.predictions.map((p) => p.code).join(', ');
    case 'genders':
      return output.predictions.map((p) => p.gender).join(', ');
    case 'ner':
      return output.segments.map((s) => (s.tag ? `${s.text} [${s.tag}]` : s.text)).join(' ');
  }
}

/** A model's score as shown: 0..1 as a percentage, larger numbers as given (models use either scale). */
export function formatScore(score: number | undefined): string | null {
  if (score === undefined || !Number.isFinite(score)) return null;
  const pct = score <= 1 ? score * 100 : score;
  return `${Math.round(pct * 10) / 10}%`;
}

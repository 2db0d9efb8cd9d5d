import {
  MODEL_NOT_ACCESSIBLE_MESSAGE,
  TASK_REGISTRY,
  assertNever,
  inferenceResponseSchemas,
  languageLabel,
  type InferenceTask,
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

/** The model answered, but not in its task's shape (or with nothing in it). */
export class OutputShapeError extends Error {
  constructor() {
    super(MODEL_NOT_ACCESSIBLE_MESSAGE);
    this.name = 'OutputShapeError';
  }
}

/**
 * The speech endpoint answers `{data: output[0]}` (data.source for asr); the others answer the
 * model's own `{output:[…]}` or `{audio:[…]}`. Returns the latter shape for both.
 */
function unwrap(response: unknown): unknown {
  if (response && typeof response === 'object') {
    const r = response as Record<string, unknown>;
    if (r.output === undefined && r.audio === undefined && r.data && typeof r.data === 'object') {
      const d = r.data as Record<string, unknown>;
      if (Array.isArray(d.output) || Array.isArray(d.audio)) return d;
      return { output: [d] };
    }
  }
  return response;
}

/**
 * Maps a model's answer to what the panel shows, by the task's output kind in the task registry
 * (packages/contracts models/tasks.ts): asr data.source / output[0].source; translation, itn,
 * text-normalization output[0].target; transliteration output[0].target (one or a list); ocr
 * output[0].source; tts audio[0].audioContent or audioUri; language detection
 * output[0].langPrediction[]; gender detection output[0].genderPrediction[]; ner
 * output[0].nerPrediction[]. Throws OutputShapeError when the answer does not fit.
 */
export function readOutput(task: InferenceTask, response: unknown): TryOutput {
  const parsed = inferenceResponseSchemas[task].safeParse(unwrap(response));
  if (!parsed.success) throw new OutputShapeError();
  const value = parsed.data as Record<string, unknown>;
  const kind = TASK_REGISTRY[task].output;
  if (kind === 'audio') {
    const audio = (value.audio as { audioContent?: string; audioUri?: string }[])[0];
    return { kind: 'audio', audioContent: audio.audioContent, audioUri: audio.audioUri };
  }
  const first = (Array.isArray(value.output) ? value.output[0] : undefined) as Record<string, unknown> | undefined;
  if (!first) throw new OutputShapeError();
  switch (kind) {
    case 'target-text':
      return { kind: 'text', text: String(first.target) };
    case 'source-text':
      return { kind: 'text', text: String(first.source) };
    case 'suggestions': {
      const target = first.target as string | string[];
      const suggestions = (Array.isArray(target) ? target : [target]).filter((s) => s.length > 0);
      if (suggestions.length === 0) throw new OutputShapeError();
      return { kind: 'suggestions', suggestions };
    }
    case 'languages': {
      const list = first.langPrediction as { langCode: string; langScore?: number }[];
      return {
        kind: 'languages',
        predictions: list.map((p) => ({ code: p.langCode, label: languageLabel(p.langCode), score: p.langScore })),
      };
    }
    case 'genders': {
      const list = first.genderPrediction as { gender: string; genderScore?: number }[];
      return { kind: 'genders', predictions: list.map((p) => ({ gender: p.gender, score: p.genderScore })) };
    }
    case 'ner': {
      const tokens = first.nerPrediction as { token: string; tag: string }[];
      return { kind: 'ner', source: String(first.source), segments: groupNerTokens(tokens) };
    }
    default:
      return assertNever(kind, 'task output kind');
  }
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

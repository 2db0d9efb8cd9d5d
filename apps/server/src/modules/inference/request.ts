/**
 * Turns the ULCA compute body (what the try panels and applications send; docs/api.md#inference "Hosted
 * inference") into the model's inference request of its task (packages/contracts
 * models/inference.ts), by the task's input and language kinds of the task registry (models/tasks.ts).
 * Pure: media are already checked (media.ts).
 */
import { TASK_REGISTRY, assertNever, type InferenceTask } from '@ulca/contracts';
import { badRequest } from '../../lib/errors.ts';
import type { CheckedAudio, CheckedImage } from './media.ts';

/** What the request is built from: the model's task, languages and example request, and the caller's choices. */
export interface RequestParts {
  task: InferenceTask;
  /** The model's language pairs (descriptor `languages`). */
  languages: { sourceLanguage: string; targetLanguage?: string | null }[];
  /** The descriptor's example request (`inferenceEndPoint.schema.request`): its config options are kept. */
  exampleRequest: Record<string, unknown> | null;
  /** Text inputs (text tasks). */
  input?: { source: string }[];
  sourceLanguage?: string;
  targetLanguage?: string;
  /** tts voice, default female (docs/product.md#constants-and-limits). */
  gender?: 'male' | 'female';
  audio?: CheckedAudio;
  image?: CheckedImage;
}

function pickPair(p: RequestParts): { sourceLanguage: string; targetLanguage?: string } | null {
  const paired = TASK_REGISTRY[p.task].languages === 'pair';
  if (p.languages.length === 0)
    return p.sourceLanguage
      ? { sourceLanguage: p.sourceLanguage, ...(paired && p.targetLanguage ? { targetLanguage: p.targetLanguage } : {}) }
      : null;
  const match = p.languages.find(
    (l) =>
      (!p.sourceLanguage || l.sourceLanguage === p.sourceLanguage) &&
      (!paired || !p.targetLanguage || l.targetLanguage === p.targetLanguage),
  );
  if (!match) {
    const asked = paired ? `${p.sourceLanguage ?? '?'}-${p.targetLanguage ?? '?'}` : String(p.sourceLanguage);
    const offered = p.languages.map((l) => (paired ? `${l.sourceLanguage}-${l.targetLanguage ?? '?'}` : l.sourceLanguage)).join(', ');
    throw badRequest('LANGUAGE_NOT_SUPPORTED', `This model does not support ${asked}; it supports ${offered}.`);
  }
  return paired && match.targetLanguage
    ? { sourceLanguage: match.sourceLanguage, targetLanguage: match.targetLanguage }
    : { sourceLanguage: match.sourceLanguage };
}

/**
 * Builds the inference request of `parts.task`:
 * - text tasks `{input:[{source}], config}`; audio tasks `{audio:[{audioContent}], config}`;
 *   image tasks `{image:[{imageContent}], config}` (media always as content: the server fetched URIs);
 * - `config` = the example request's config (model options such as modelId) with `language` set
 *   from the caller's source/target or else the model's first pair; tts adds `gender`; asr adds
 *   `audioFormat` and `samplingRate` of the checked audio. Language-free tasks (detections) get no
 *   language unless the caller named one.
 * @throws ApiError 400 MISSING_INPUT (no text/audio/image for the task), LANGUAGE_NOT_SUPPORTED.
 */
export function buildInferenceRequest(parts: RequestParts): Record<string, unknown> {
  const { task } = parts;
  const baseConfig = { ...((parts.exampleRequest?.config ?? {}) as Record<string, unknown>) };
  delete baseConfig.language;
  delete baseConfig.languages;
  const config: Record<string, unknown> = baseConfig;
  const spec = TASK_REGISTRY[task];
  const languageFree = spec.languages === 'free';
  const pair = languageFree && !parts.sourceLanguage ? null : pickPair(parts);
  if (pair) {
    if (task === 'ocr' && Array.isArray(parts.exampleRequest?.config && (parts.exampleRequest.config as Record<string, unknown>).languages))
      config.languages = [pair];
    else config.language = pair;
  }

  const inputKind = spec.input;
  switch (inputKind) {
    case 'audio':
      if (!parts.audio) throw badRequest('MISSING_INPUT', 'Please give the audio: audioContent (base64) or audioUri.');
      if (parts.audio.audioFormat) config.audioFormat = parts.audio.audioFormat;
      else if (task === 'asr' && !config.audioFormat) config.audioFormat = 'wav';
      if (parts.audio.samplingRate) config.samplingRate = parts.audio.samplingRate;
      return {
        audio: [{ audioContent: parts.audio.bytes.toString('base64') }],
        ...(Object.keys(config).length || task === 'asr' ? { config } : {}),
      };
    case 'image':
      if (!parts.image) throw badRequest('MISSING_INPUT', 'Please give the image: imageContent (base64) or imageUri.');
      return { image: [{ imageContent: parts.image.bytes.toString('base64') }], ...(Object.keys(config).length ? { config } : {}) };
    case 'text': {
      const input = (parts.input ?? []).filter((i) => i.source.trim() !== '');
      if (input.length === 0) throw badRequest('MISSING_INPUT', 'Please enter the text: input [{source}].');
      if (task === 'tts') config.gender = parts.gender ?? (config.gender as string | undefined) ?? 'female';
      if (spec.languages === 'pair' && !pair?.targetLanguage) {
        throw badRequest('LANGUAGE_NOT_SUPPORTED', 'This model has no target language: its descriptor lists none.');
      }
      return { input: input.map((i) => ({ source: i.source })), ...(Object.keys(config).length || !languageFree ? { config } : {}) };
    }
    default:
      return assertNever(inputKind, 'task input kind');
  }
}

/**
 * Audio rules of the speaker page (docs/product.md#validation-rules "Speaker audio", docs/product.md#messages texts): accepted files wav,
 * mpeg (mp3), flac and ogg; a link must start with http:// (or https://); one source at a time.
 */
import { SPEAKER_THRESHOLD } from '@ulca/contracts';

/** docs/product.md#messages: a file of another type (two spaces after 'Error:' and after the semicolon, as the spec writes it). */
export const UNSUPPORTED_FILE_MESSAGE = 'Error:  Failed to Upload Mp3 File;  Format is not supported.';
/** docs/product.md#messages: a link that is not http(s). */
export const INVALID_LINK_MESSAGE = 'Please enter valid url Link';
/** docs/product.md#messages: speaker errors without a server message. */
export const SPEAKER_FALLBACK_ERROR = 'Something went wrong, Please try again';
/** docs/product.md#messages: success of an enrolment. */
export const ENROLLED_MESSAGE = 'Speaker enrolled successfully';
/** docs/product.md#messages: the delete confirmation. */
export const DELETE_CONFIRM = 'Are you sure you want to delete?';
/** The `accept` of the file input. */
export const SPEAKER_FILE_ACCEPT =
  '.wav,.mp3,.flac,.ogg,audio/wav,audio/x-wav,audio/wave,audio/mpeg,audio/mp3,audio/flac,audio/x-flac,audio/ogg';

const TYPES = new Set([
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/mpeg',
  'audio/mp3',
  'audio/flac',
  'audio/x-flac',
  'audio/ogg',
  'application/ogg',
]);
const EXTENSIONS = /\.(wav|mp3|flac|ogg)$/i;

/** Whether a chosen file is one of the four types (by its MIME type, or its extension when the browser gives none). */
export function isSpeakerAudioFile(file: { name: string; type: string }): boolean {
  if (file.type) return TYPES.has(file.type.toLowerCase());
  return EXTENSIONS.test(file.name);
}

/** Whether an audio link is acceptable: http:// or https:// followed by a host. */
export function isValidAudioLink(link: string): boolean {
  return /^https?:\/\/[^\s/?#]+\S*$/i.test(link.trim());
}

/** Confidence (a fraction) as a percentage with one decimal, e.g. 0.9234 → '92.3%'. */
export function confidencePercent(confidence: number): string {
  return `${(Math.round(confidence * 1000) / 10).toFixed(1)}%`;
}

/** The confidence a verification needs to count as a match, as a fraction (docs/product.md#speaker-recognition). */
export const SPEAKER_MATCH_CONFIDENCE = SPEAKER_THRESHOLD;

/**
 * What the confidence of a verification means, as a catalogue key of `speakers` and its
 * arguments: the similarity to the named (or, when none matched, the closest) enrolled voice,
 * next to the {@link SPEAKER_MATCH_CONFIDENCE} a match needs (docs/product.md#speaker-recognition).
 */
export function similarityText(result: { verified: boolean; confidence: number; speakerName: string | null }): {
  key: 'speakers.similarityMatch' | 'speakers.similarityNoMatch' | 'speakers.similarityClosest';
  params: Record<string, string>;
} {
  const percent = confidencePercent(result.confidence);
  const threshold = confidencePercent(SPEAKER_MATCH_CONFIDENCE);
  if (!result.speakerName) return { key: 'speakers.similarityClosest', params: { percent, threshold } };
  return {
    key: result.verified ? 'speakers.similarityMatch' : 'speakers.similarityNoMatch',
    params: { name: result.speakerName, percent, threshold },
  };
}

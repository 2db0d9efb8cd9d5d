/**
 * Input rules and notes of the try panels (docs/product.md#model-detail-and-try-it-panels "Try-it panels", docs/product.md#validation-rules, docs/product.md#constants-and-limits): the 150-character
 * text limit, the 1-minute speech limit, the URL pattern, and the note texts of the original client.
 */

/** Most characters of text a try panel sends (docs/product.md#constants-and-limits). */
export const MAX_TEXT_CHARS = 150;
/** Recording auto-stops after this many seconds; longer audio is refused (docs/product.md#constants-and-limits). */
export const MAX_AUDIO_SECONDS = 60;

/** The notes shown under every panel (the original client's wording). */
export const NOTES = {
  disclaimer: 'Disclaimer : ',
  maxDuration: 'Max duration: 1 min',
  maxCharacters: `Max characters: ${MAX_TEXT_CHARS}`,
  transcription:
    'Transcription is best if you directly speak into the microphone and the performance might not be the same if you use it over a conference call.',
  translation:
    'Once you enter some input in Source language, ULCA will hit the inference endpoint of the hosted model, to get the translation. This can cause a slight delay in receiving the response.',
  asr: 'Please start speaking after the listening mode is enabled. Once you start speaking, ULCA will hit the inference endpoint of the hosted model, to get the transcription.',
} as const;

/** docs/product.md#messages texts of the try panels that are not in the contracts. */
export const PANEL_ERRORS = {
  ner: 'Something went wrong',
  transliterationLookup: 'Transliteration Model ID Not Present.',
  invalidUrl: 'Invalid URL',
  textTooLong: `Text is limited to ${MAX_TEXT_CHARS} characters.`,
  audioTooLong: `Audio is limited to ${MAX_AUDIO_SECONDS} seconds (1 minute).`,
  notAudio: 'This file could not be read as audio.',
  notImage: 'Please choose an image file.',
} as const;

/**
 * docs/product.md#validation-rules URL pattern: optional http/https/ftp scheme, a host name or IPv4 address, optional
 * port, path, query and fragment.
 */
export const URL_PATTERN =
  /^(?:(?:https?|ftp):\/\/)?(?:(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z]{2,}|(?:\d{1,3}\.){3}\d{1,3})(?::\d{1,5})?(?:\/[-a-z\d%_.~+@:!$&'()*,;=]*)*(?:\?[-a-z\d%_.~+@:!$&'()*,;=/?]*)?(?:#[-a-z\d%_.~+@:!$&'()*,;=/?]*)?$/i;

/** True when `value` (trimmed) matches the spec's URL pattern. */
export function isValidUrl(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}

/** The error under a URL field: null while empty (the button is simply disabled) or when valid. */
export function urlError(value: string): string | null {
  if (!value.trim()) return null;
  return isValidUrl(value) ? null : PANEL_ERRORS.invalidUrl;
}

/** The error under a text field: null when empty or within the limit. */
export function textError(value: string, max: number = MAX_TEXT_CHARS): string | null {
  return [...value].length > max ? PANEL_ERRORS.textTooLong : null;
}

/** Whether a text panel may send: some non-blank text within the limit. */
export function canSendText(value: string, max: number = MAX_TEXT_CHARS): boolean {
  return value.trim().length > 0 && textError(value, max) === null;
}

/** Whether a URL panel may send: a non-blank URL matching the pattern. */
export function canSendUrl(value: string): boolean {
  return value.trim().length > 0 && isValidUrl(value);
}

/** Seconds as m:ss for the recording timer ('0:07', '1:00'). */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

import { MODEL_NOT_ACCESSIBLE_MESSAGE, type InferenceTask } from '@ulca/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { TFunction } from '../../../lib/i18n/i18n.ts';
import { localizeMessage } from '../../../lib/i18n/i18n.ts';
import { PANEL_ERRORS } from '../../../lib/limits.ts';
import { tryErrorMessage } from '../api/inference.ts';
import { STREAM_LOST_MESSAGE } from '../api/streaming.ts';

/*
 * What a try panel says when a call fails, for people rather than in the API's words
 * (docs/product.md#messages, docs/product.md#languages-of-the-interface): the catalogue's text for
 * the server's `code`, the engines' script refusal ("Input 1 is not written in the Devanagari
 * script expected for language 'hi'.") as a sentence naming the language, else the server's text.
 */

/** Error codes of the inference proxy with a catalogue text (try.errors.<code>). */
const CODED = new Set([
  'TEXT_TOO_LONG',
  'AUDIO_TOO_LONG',
  'MEDIA_TOO_LARGE',
  'NOT_AUDIO',
  'NOT_IMAGE',
  'MISSING_INPUT',
  'LANGUAGE_NOT_SUPPORTED',
  'MODEL_BUSY',
  'SERVER_BUSY',
  'STREAMING_MODEL',
]);

/** The reference engines' script refusal: the script name and the language code. */
const WRONG_SCRIPT = /^Input \d+ is not written in the (\w+) script expected for language '([\w-]+)'\.?$/;

/**
 * The text of a failed try call in the interface language. `languageName` names a language code
 * (the panel passes its localized names).
 */
export function tryErrorText(err: unknown, task: InferenceTask, t: TFunction, languageName: (code: string) => string): string {
  const message = tryErrorMessage(err, task);
  const script = WRONG_SCRIPT.exec(message);
  if (script)
    return t('try.errors.wrongScript', {
      language: languageName(script[2]!),
      script: t(`try.script.${script[1]}`, { defaultValue: script[1] }),
    });
  if (err instanceof ApiRequestError && err.code && CODED.has(err.code)) return t(`try.errors.${err.code}`);
  if (message === MODEL_NOT_ACCESSIBLE_MESSAGE) return t('try.errors.notAccessible');
  if (message === 'Something went wrong') return t('try.errors.ner');
  return localizeMessage(message) ?? message;
}

/** A browser-side refusal of a recording or file (lib/audio.ts AudioInputError) in the interface language. */
export function audioInputText(message: string, t: TFunction): string {
  if (message === PANEL_ERRORS.audioTooLong) return t('try.errors.AUDIO_TOO_LONG');
  if (message === PANEL_ERRORS.notAudio) return t('try.errors.NOT_AUDIO');
  return localizeMessage(message) ?? message;
}

/**
 * A streaming relay's error frame in the interface language: the lost connection, an unreachable
 * model, the coded texts and the script refusal from the catalogue, else the server's text.
 */
export function streamErrorText(m: { code: string; message: string }, t: TFunction, languageName: (code: string) => string): string {
  if (m.message === STREAM_LOST_MESSAGE) return t('try.streaming.lost');
  const script = WRONG_SCRIPT.exec(m.message);
  if (script)
    return t('try.errors.wrongScript', {
      language: languageName(script[2]!),
      script: t(`try.script.${script[1]}`, { defaultValue: script[1] }),
    });
  if (m.code === 'MODEL_UNREACHABLE' || m.code === 'MODEL_TIMEOUT') return t('try.errors.notAccessible');
  if (CODED.has(m.code)) return t(`try.errors.${m.code}`);
  return localizeMessage(m.message) ?? m.message;
}

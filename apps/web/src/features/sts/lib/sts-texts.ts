import { MODEL_NOT_ACCESSIBLE_MESSAGE, STS_NETWORK_FAILURE_MESSAGE } from '@ulca/contracts';
import { localizeMessage, type TFunction } from '../../../lib/i18n/i18n.ts';
import { PANEL_ERRORS } from '../../../lib/limits.ts';

/** The reference engines' script refusal: the script name and the language code. */
const WRONG_SCRIPT = /^Input \d+ is not written in the (\w+) script expected for language '([\w-]+)'\.?$/;

/** English texts of a failed stage (api/sts.ts, docs/product.md#messages) and their catalogue keys. */
const KNOWN: Record<string, string> = {
  [MODEL_NOT_ACCESSIBLE_MESSAGE]: 'sts.errors.notAccessible',
  [STS_NETWORK_FAILURE_MESSAGE]: 'sts.networkFailure',
  'No speech was recognised in the audio. Please try again.': 'sts.errors.noSpeech',
};

/**
 * The text of a failed stage in the interface language, for people rather than in the API's words
 * (docs/product.md#speech-to-speech): the platform's own texts from the catalogue, an engine's script
 * refusal as a sentence naming the language (`languageName` names a code), else the server's text.
 */
export function stageMessageText(message: string, t: TFunction, languageName: (code: string) => string): string {
  const script = WRONG_SCRIPT.exec(message);
  if (script) return t('sts.errors.wrongScript', { language: languageName(script[2]!) });
  const key = KNOWN[message];
  return key ? t(key) : (localizeMessage(message) ?? message);
}

/** A browser-side refusal of a recording (lib/audio.ts) in the interface language; undefined when unknown. */
export function localizeAudioError(message: string, t: TFunction): string | undefined {
  if (message === PANEL_ERRORS.audioTooLong) return t('sts.errors.audioTooLong');
  if (message === PANEL_ERRORS.notAudio) return t('sts.errors.notAudio');
  return undefined;
}

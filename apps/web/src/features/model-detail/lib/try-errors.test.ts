import { describe, expect, it } from 'vitest';
import { MODEL_NOT_ACCESSIBLE_MESSAGE } from '@ulca/contracts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { i18n, loadTexts } from '../../../lib/i18n/i18n.ts';
import { STREAM_LOST_MESSAGE } from '../api/streaming.ts';
import { streamErrorText, tryErrorText } from './try-errors.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['modelDetail', 'models', 'try', 'benchmarks', 'search']);

const t = i18n.t.bind(i18n);
const names = (code: string) => ({ hi: 'Hindi', ta: 'Tamil' })[code] ?? code;

describe('what a try panel says when a call fails', () => {
  it('says a script refusal in words for people, naming the language', () => {
    const err = new ApiRequestError(400, "Input 1 is not written in the Devanagari script expected for language 'hi'.", 'INPUT_REFUSED');
    const text = tryErrorText(err, 'translation', t, names);
    expect(text).toBe(
      'This text is not written in Hindi: the model reads Hindi in the Devanagari script. Type it in that script, or choose the language the text is in.',
    );
    expect(text).not.toMatch(/Input 1|'hi'/);
  });

  it('uses the catalogue text of a known code, and keeps the spec text of an unreachable model', () => {
    expect(tryErrorText(new ApiRequestError(503, 'busy', 'MODEL_BUSY'), 'tts', t, names)).toBe(
      'This model is busy with other requests. Please try again in a moment.',
    );
    expect(tryErrorText(new Error('network'), 'tts', t, names)).toBe(MODEL_NOT_ACCESSIBLE_MESSAGE);
    expect(tryErrorText(new Error('network'), 'ner', t, names)).toBe('Something went wrong');
  });

  it('passes on an engine message it does not know', () => {
    expect(tryErrorText(new ApiRequestError(400, 'The image has no text.', 'INPUT_REFUSED'), 'ocr', t, names)).toBe(
      'The image has no text.',
    );
  });

  it('says a streaming error frame in the same words', () => {
    expect(streamErrorText({ code: 'MODEL_CLOSED', message: STREAM_LOST_MESSAGE }, t, names)).toBe(
      'The connection to the server was lost. Please try again.',
    );
    expect(streamErrorText({ code: 'MODEL_TIMEOUT', message: 'timed out after 30 s' }, t, names)).toBe(MODEL_NOT_ACCESSIBLE_MESSAGE);
    expect(
      streamErrorText(
        { code: 'MODEL_REFUSED', message: "Input 1 is not written in the Tamil script expected for language 'ta'." },
        t,
        names,
      ),
    ).toMatch(/^This text is not written in Tamil: the model reads Tamil in the Tamil script/);
  });
});

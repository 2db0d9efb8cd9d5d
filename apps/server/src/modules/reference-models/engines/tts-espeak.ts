import wavefile from 'wavefile';
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from '../engine.ts';
import { referenceEngine } from './engine-shape.ts';
import { processLimiter, runProcess } from '../run-process.ts';
import { checkScript, checkText } from '../text-input.size-limit.ts';

/** Languages served (ISO 639-1) → espeak-ng voice name (espeak-ng 1.51 `--voices`). */
const VOICES: Record<string, string> = {
  hi: 'hi',
  ta: 'ta',
  bn: 'bn',
  te: 'te',
  kn: 'kn',
  ml: 'ml',
  mr: 'mr',
  gu: 'gu',
  pa: 'pa',
  or: 'or',
  as: 'as',
  ne: 'ne',
  ur: 'ur',
  en: 'en-us',
};
/** Gender → espeak-ng voice variant (voices/!v): f3 speaks at 140-240 Hz, m3 at 80-122 Hz. */
const VARIANTS: Record<string, string> = { female: 'f3', male: 'm3' };
/** espeak-ng's native rate: its WAV output is 16-bit mono at 22 050 Hz. */
const NATIVE_RATE = 22050;
/** Default speaking rate of espeak-ng, words per minute; `config.speed` scales it. */
const BASE_WPM = 175;
const MAX_INPUTS = 25;
const TIMEOUT_MS = 20_000;
/** 150 characters last well under 30 s even at half speed: 30 s × 22 050 Hz × 2 bytes + header. */
const MAX_WAV_BYTES = 30 * NATIVE_RATE * 2 + 1024;

/**
 * espeak-ng writes its WAV to a pipe before it knows the length, with 0x7fffffff sizes in the
 * RIFF and data headers; set the real sizes so that players and parsers read it.
 * @throws Error when the bytes are not espeak-ng's 44-byte-header PCM WAV.
 */
function fixStreamedWavHeader(wav: Buffer): Buffer {
  if (wav.length < 44 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 36, 40) !== 'data') {
    throw new Error('espeak-ng did not write a WAV file');
  }
  const out = Buffer.from(wav);
  out.writeUInt32LE(out.length - 8, 4);
  out.writeUInt32LE(out.length - 44, 40);
  return out;
}

/**
 * TTS reference model: Debian espeak-ng (formant synthesis) run as a child process per input,
 * `espeak-ng -v <lang>+f3|m3 --stdout` with the text on stdin (docs/product.md#reference-models).
 * Request: `{input:[{source}], config:{language:{sourceLanguage}, gender, samplingRate?, speed?, audioFormat?}}`.
 * Answer: one base64 WAV (16-bit mono, 22 050 Hz unless `samplingRate` asks otherwise) per input,
 * `config:{language, gender, audioFormat:'wav', samplingRate}`.
 * Inputs: at most 25, each at most 150 characters in the language's script; gender female or male.
 * At most `concurrency` espeak-ng processes at once, each killed after 20 s.
 */
export function createTtsEspeakEngine(opts: EngineOptions & { concurrency?: number }): ReferenceEngine<'tts'> {
  const limit = processLimiter(opts.concurrency ?? 2);
  let version: string | undefined;

  async function synthesise(text: string, voice: string, wpm: number): Promise<Buffer> {
    const { stdout } = await limit(() =>
      runProcess('espeak-ng', ['-b', '1', '-v', voice, '-s', String(wpm), '--stdout'], {
        input: text,
        timeoutMs: TIMEOUT_MS,
        maxOutputBytes: MAX_WAV_BYTES,
      }),
    );
    return fixStreamedWavHeader(stdout);
  }

  return referenceEngine({
    id: 'tts-espeak',
    task: 'tts',
    sourceLanguages: Object.keys(VOICES),
    card: {
      name: 'eSpeak NG TTS (reference)',
      description:
        'Formant speech synthesis by eSpeak NG: rules turn the text into phonemes, and the sound is made from acoustic ' +
        'formulas, not from recordings or a neural network. The speech is robotic but intelligible. Female and male ' +
        "voices are eSpeak NG's f3 and m3 voice variants of the same language voice.",
      kind: 'rule-based',
      engine: 'espeak-ng 1.51 (Debian package)',
      limits: [
        'Robotic, monotonous voice: no natural prosody or emotion.',
        'Pronunciation comes from hand-written rules: names, loanwords and abbreviations are often mispronounced.',
        'Female and male only; other gender values are refused.',
        'At most 150 characters per input and 25 inputs per request; WAV output only.',
      ],
      license: 'gpl-3.0',
      refUrl: 'https://github.com/espeak-ng/espeak-ng',
    },
    exampleRequest: {
      input: [{ source: 'भारत एक विशाल देश है।' }],
      config: { language: { sourceLanguage: 'hi' }, gender: 'female' },
    },

    async warm() {
      if (version) return;
      const { stdout } = await runProcess('espeak-ng', ['--version'], { timeoutMs: TIMEOUT_MS, maxOutputBytes: 4096 });
      version = stdout.toString('utf8').trim();
      // One synthesis loads the voice data into the page cache: the first real call is not slower.
      await synthesise('नमस्ते', `${VOICES.hi}+${VARIANTS.female}`, BASE_WPM);
      opts.log.info({ engine: 'tts-espeak', version }, 'reference engine ready');
    },

    async infer(request: InferenceRequest<'tts'>): Promise<InferenceResponse<'tts'>> {
      const { config } = request;
      const language = config.language.sourceLanguage;
      const voice = VOICES[language];
      if (!voice)
        throw new EngineInputError(`Language '${language}' is not served by this model; it speaks ${Object.keys(VOICES).join(', ')}.`);
      const variant = VARIANTS[config.gender];
      if (!variant) throw new EngineInputError(`Gender '${config.gender}' is not offered; choose female or male.`);
      if (config.audioFormat !== undefined && config.audioFormat !== 'wav') {
        throw new EngineInputError(`Audio format '${config.audioFormat}' is not offered; this model answers wav.`);
      }
      const rate = config.samplingRate ?? NATIVE_RATE;
      if (rate < 8000 || rate > 48000) throw new EngineInputError(`Sampling rate ${rate} Hz is out of range: give 8000 to 48000 Hz.`);
      const speed = config.speed ?? 1;
      if (speed < 0.5 || speed > 2) throw new EngineInputError(`Speed ${speed} is out of range: give 0.5 to 2.`);
      if (request.input.length > MAX_INPUTS)
        throw new EngineInputError(`${request.input.length} inputs given; this model takes at most ${MAX_INPUTS} per request.`);
      const texts = request.input.map((s, i) => {
        const text = checkText(s.source, i);
        checkScript(text, language, i);
        if (!/[\p{L}\p{N}]/u.test(text)) throw new EngineInputError(`Input ${i + 1} has no letters or digits to speak.`);
        return text;
      });

      const audio = await Promise.all(
        texts.map(async (text) => {
          let wav = await synthesise(text, `${voice}+${variant}`, Math.round(BASE_WPM * speed));
          if (rate !== NATIVE_RATE) {
            const file = new wavefile.WaveFile(wav);
            file.toSampleRate(rate);
            wav = Buffer.from(file.toBuffer());
          }
          return { audioContent: wav.toString('base64') };
        }),
      );
      return { audio, config: { language: { sourceLanguage: language }, gender: config.gender, audioFormat: 'wav', samplingRate: rate } };
    },

    async close() {
      // Nothing stays running between calls: each synthesis is its own short-lived process.
    },
  });
}

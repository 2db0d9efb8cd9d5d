/**
 * Worker-thread entry of the speaker baseline (run by piscina from dsp.ts): decoding and MFCC
 * statistics cost about 30 ms of CPU per second of audio (bench/speakers.ts), far too long for
 * the API's event loop. Answers a result object rather than throwing, because an error's own
 * fields (its code) do not survive the trip back from a worker.
 */
import { SpeakerAudioError, decodeSpeech } from './audio.ts';
import { MIN_VOICED_FRAMES, speakerStats } from './embedding.ts';

/** What the worker answers for one audio. */
export type DspResult =
  | { ok: true; vector: number[]; voicedFrames: number; seconds: number; format: string }
  | { ok: false; code: SpeakerAudioError['code']; message: string };

export const NO_SPEECH_MESSAGE = 'No speech found in the audio: it is silent or too quiet (at least half a second of voice is needed).';

/** Decodes `bytes` and computes the speaker vector; never throws for bad audio. */
export default async function analyse(bytes: Uint8Array): Promise<DspResult> {
  try {
    const decoded = await decodeSpeech(bytes);
    const stats = speakerStats(decoded.samples);
    if (stats.voicedFrames < MIN_VOICED_FRAMES) return { ok: false, code: 'NO_SPEECH', message: NO_SPEECH_MESSAGE };
    return { ok: true, vector: stats.vector, voicedFrames: stats.voicedFrames, seconds: decoded.seconds, format: decoded.format };
  } catch (err) {
    if (err instanceof SpeakerAudioError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}

import { MAX_AUDIO_SECONDS, PANEL_ERRORS } from './limits.ts';
import { SPEECH_SAMPLE_RATE, bytesToBase64, downmix, encodeWav, resampleLinear } from './wav.ts';

/** Speech ready to send: base64 WAV (16 kHz mono 16-bit) and its duration. */
export interface PreparedSpeech {
  base64: string;
  seconds: number;
  /** The WAV for the panel's player. */
  blob: Blob;
}

/** Why prepared audio was refused (not audio, longer than the limit). */
export class AudioInputError extends Error {}

/**
 * Decodes a recording or an audio file in the browser and re-encodes it as WAV 16 kHz mono, the
 * format ULCA speech models take. Refuses audio the browser cannot decode and audio over 60 s.
 */
export async function prepareSpeech(input: Blob, maxSeconds: number = MAX_AUDIO_SECONDS): Promise<PreparedSpeech> {
  const context = new AudioContext();
  let decoded: AudioBuffer;
  try {
    decoded = await context.decodeAudioData(await input.arrayBuffer());
  } catch {
    throw new AudioInputError(PANEL_ERRORS.notAudio);
  } finally {
    void context.close();
  }
  // A little slack: MediaRecorder stops a few milliseconds after the 60 s timer.
  if (decoded.duration > maxSeconds + 0.5) throw new AudioInputError(PANEL_ERRORS.audioTooLong);
  const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i));
  let samples = downmix(channels);
  if (decoded.sampleRate !== SPEECH_SAMPLE_RATE) {
    try {
      const offline = new OfflineAudioContext(1, Math.ceil(decoded.duration * SPEECH_SAMPLE_RATE), SPEECH_SAMPLE_RATE);
      const source = offline.createBufferSource();
      source.buffer = decoded;
      source.connect(offline.destination);
      source.start();
      samples = (await offline.startRendering()).getChannelData(0);
    } catch {
      samples = resampleLinear(samples, decoded.sampleRate, SPEECH_SAMPLE_RATE);
    }
  }
  const wav = encodeWav(samples, SPEECH_SAMPLE_RATE);
  return { base64: bytesToBase64(wav), seconds: decoded.duration, blob: new Blob([wav as BlobPart], { type: 'audio/wav' }) };
}

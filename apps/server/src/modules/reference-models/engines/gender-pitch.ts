import wavefile from 'wavefile';
import pitchfinder from 'pitchfinder';
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from '../engine.ts';

/** Median pitch above this is answered female, below male (Hz); adult speaking pitch is ~85-155 Hz for men, ~165-255 Hz for women. */
export const GENDER_THRESHOLD_HZ = 165;
/** Longest audio accepted, seconds (spec: max 1 minute of speech). */
const MAX_SECONDS = 60;
/** Largest decoded WAV accepted: 60 s of 48 kHz stereo 32-bit, plus headers. */
const MAX_WAV_BYTES = 60 * 48000 * 2 * 4 + 64 * 1024;
/** Analysis rate ceiling: speech pitch (60-400 Hz) needs no more, and YIN's cost grows with the square of the frame. */
const MAX_ANALYSIS_RATE = 8000;
/** Frame length, seconds (two periods of a 31 Hz voice); frames overlap by a quarter. */
const FRAME_SECONDS = 0.064;
/** Frames quieter than this RMS (full scale 1.0, about -36 dBFS) are silence and not analysed. */
const MIN_RMS = 0.015;
/** Pitch range of a human speaking voice; YIN answers outside it are taken as noise. */
const MIN_F0 = 60;
const MAX_F0 = 400;
/** Fewer voiced frames than this (~0.4 s of voice) is not enough to judge. */
const MIN_VOICED_FRAMES = 8;

/** What the pitch analysis found in one WAV. */
export interface PitchEstimate {
  /** Median fundamental frequency of the voiced frames, Hz. */
  medianHz: number;
  voicedFrames: number;
  /** Duration of the audio, seconds. */
  seconds: number;
}

/**
 * Decodes a WAV and estimates its speaker's median pitch with YIN (pitchfinder) on 64 ms frames
 * (48 ms hop) of the mono mix decimated to at most 8 kHz, skipping silent frames.
 * @throws EngineInputError when the bytes are not a readable PCM/float WAV, are longer than 60 s,
 *   or hold too little voiced sound (silence, noise, music without a voice).
 */
export function estimatePitch(bytes: Buffer): PitchEstimate {
  if (bytes.length > MAX_WAV_BYTES)
    throw new EngineInputError(`The audio is ${(bytes.length / 2 ** 20).toFixed(1)} MB; this model takes at most 60 s of WAV.`);
  const file = new wavefile.WaveFile();
  try {
    file.fromBuffer(bytes);
  } catch {
    throw new EngineInputError('The audio is not a WAV file this model can read (give a PCM or float WAV, base64-encoded).');
  }
  const fmt = file.fmt as { sampleRate?: number; numChannels?: number };
  const data = file.data as { chunkSize?: number };
  const sampleRate = fmt.sampleRate ?? 0;
  const channels = fmt.numChannels ?? 0;
  const bitDepth = Number.parseInt(file.bitDepth, 10);
  if (!sampleRate || !channels || !bitDepth || !data.chunkSize) throw new EngineInputError('The WAV file has no audio samples.');
  const seconds = data.chunkSize / (sampleRate * channels * (bitDepth / 8));
  if (seconds > MAX_SECONDS)
    throw new EngineInputError(`The audio lasts ${seconds.toFixed(1)} s; this model takes at most ${MAX_SECONDS} s.`);

  const format = (file.fmt as { audioFormat?: number }).audioFormat;
  const raw = (file.data as { samples?: Uint8Array }).samples;
  if (!raw || (format !== 1 && format !== 3 && format !== 65534)) {
    throw new EngineInputError('The WAV file uses an encoding this model cannot read (give PCM 8/16/24/32-bit or 32/64-bit float).');
  }
  // Decimate by an integer factor, averaging each group (a box low-pass): crude, but pitch only needs the low band.
  const factor = Math.max(1, Math.ceil(sampleRate / MAX_ANALYSIS_RATE));
  const rate = sampleRate / factor;
  const mono = decodeMono(raw, channels, bitDepth, format === 3 || (format === 65534 && bitDepth === 64), factor);

  const detect = pitchfinder.YIN({ sampleRate: rate, threshold: 0.3 });
  const frameLength = Math.round(FRAME_SECONDS * rate);
  const hop = Math.round((frameLength * 3) / 4);
  const pitches: number[] = [];
  const frame = new Float32Array(frameLength);
  for (let start = 0; start + frameLength <= mono.length; start += hop) {
    let energy = 0;
    for (let i = 0; i < frameLength; i++) {
      frame[i] = mono[start + i]!;
      energy += frame[i]! * frame[i]!;
    }
    if (Math.sqrt(energy / frameLength) < MIN_RMS) continue;
    const f0 = detect(frame);
    if (f0 !== null && f0 >= MIN_F0 && f0 <= MAX_F0) pitches.push(f0);
  }
  if (pitches.length < MIN_VOICED_FRAMES)
    throw new EngineInputError('No voice found in the audio (silence, noise or too short): give at least half a second of speech.');
  pitches.sort((a, b) => a - b);
  const mid = pitches.length >> 1;
  const medianHz = pitches.length % 2 ? pitches[mid]! : (pitches[mid - 1]! + pitches[mid]!) / 2;
  return { medianHz, voicedFrames: pitches.length, seconds };
}

/**
 * Decodes interleaved little-endian PCM (8-bit unsigned, 16/24/32-bit signed) or IEEE float
 * (32/64-bit) into a mono signal in -1..1, averaging channels and each group of `factor` frames.
 * Done here rather than with wavefile's toBitDepth/toSampleRate, which take ~10 s each on 60 s of audio.
 */
function decodeMono(raw: Uint8Array, channels: number, bitDepth: number, isFloat: boolean, factor: number): Float32Array {
  const bytes = bitDepth / 8;
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const frames = Math.floor(raw.byteLength / (bytes * channels));
  const read = (at: number): number => {
    if (isFloat) return bytes === 8 ? view.getFloat64(at, true) : view.getFloat32(at, true);
    switch (bytes) {
      case 1:
        return (view.getUint8(at) - 128) / 128;
      case 2:
        return view.getInt16(at, true) / 32768;
      case 3:
        return (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8388608;
      case 4:
        return view.getInt32(at, true) / 2147483648;
      default:
        throw new EngineInputError(`The WAV file has ${bitDepth}-bit samples, which this model cannot read.`);
    }
  };
  const out = new Float32Array(Math.floor(frames / factor));
  const perSample = 1 / (channels * factor);
  for (let o = 0; o < out.length; o++) {
    let sum = 0;
    for (let f = o * factor; f < (o + 1) * factor; f++) for (let c = 0; c < channels; c++) sum += read((f * channels + c) * bytes);
    out[o] = sum * perSample;
  }
  return out;
}

/**
 * Score of the answered gender in 0.5..1: 0.5 at the threshold, 1 one octave or more away from
 * it (distance measured in semitones, as pitch is perceived).
 */
export function genderScore(medianHz: number): number {
  const semitones = Math.abs(12 * Math.log2(medianHz / GENDER_THRESHOLD_HZ));
  return Math.round((0.5 + Math.min(semitones, 12) / 24) * 1000) / 1000;
}

/**
 * audio-gender-detection reference model: a pitch heuristic, not a trained classifier.
 * Request `{audio:[{audioContent: base64 WAV}]}` (audioUri is downloaded by the platform's proxy
 * before the call; a bare audioUri is refused). Answer per audio:
 * `{genderPrediction:[{gender, genderScore}, {other gender, 1 - score}], medianPitchHz}`.
 * @throws EngineInputError for audioUri, non-WAV, over 60 s, or no voiced frames.
 */
export function createGenderPitchEngine(opts: EngineOptions): ReferenceEngine<'audio-gender-detection'> {
  let warm = false;
  return {
    id: 'gender-pitch',
    task: 'audio-gender-detection',
    languages: [],
    card: {
      name: 'Pitch-based gender detection (reference)',
      description:
        'A heuristic, not a trained classifier: it measures the median pitch of the voiced parts of the recording ' +
        `(YIN pitch tracking) and answers female above ${GENDER_THRESHOLD_HZ} Hz, male below. The score grows with the ` +
        'distance from that threshold, from 0.5 at the threshold to 1 an octave away.',
      kind: 'heuristic',
      engine: 'pitchfinder 2.3.4 (YIN) + wavefile 11.0.0',
      limits: [
        'Judges by pitch alone: low female voices, high male voices and children are misclassified.',
        'Answers female or male only.',
        'WAV only (PCM or float), at most 60 s; one speaker per recording is assumed.',
        'Background music or several speakers skew the median pitch.',
      ],
      license: 'gpl-3.0',
      refUrl: 'https://github.com/peterkhayes/pitchfinder',
    },
    exampleRequest: { audio: [{ audioContent: exampleWav() }] },

    async warm() {
      if (warm) return;
      // Compiles the hot loops once; the example is a synthetic 0.5 s vowel-like tone.
      estimatePitch(Buffer.from(exampleWav(), 'base64'));
      warm = true;
      opts.log.info({ engine: 'gender-pitch' }, 'reference engine ready');
    },

    async infer(request: InferenceRequest<'audio-gender-detection'>): Promise<InferenceResponse<'audio-gender-detection'>> {
      const output = request.audio.map((audio, i) => {
        if (audio.audioContent === undefined) {
          throw new EngineInputError(`Audio ${i + 1} gives only audioUri; this model reads audioContent (base64 WAV).`);
        }
        // Base64 of at most MAX_WAV_BYTES: refuse before decoding a huge string.
        if (audio.audioContent.length > Math.ceil(MAX_WAV_BYTES / 3) * 4 + 4) {
          throw new EngineInputError(`Audio ${i + 1} is too large; this model takes at most 60 s of WAV.`);
        }
        const { medianHz } = estimatePitch(Buffer.from(audio.audioContent, 'base64'));
        const gender = medianHz >= GENDER_THRESHOLD_HZ ? 'female' : 'male';
        const score = genderScore(medianHz);
        return {
          genderPrediction: [
            { gender, genderScore: score },
            { gender: gender === 'female' ? 'male' : 'female', genderScore: Math.round((1 - score) * 1000) / 1000 },
          ],
          medianPitchHz: Math.round(medianHz * 10) / 10,
        };
      });
      return { output };
    },

    async close() {},
  };
}

let example: string | undefined;
/** A 0.6 s 8 kHz 16-bit WAV of a 210 Hz harmonic tone (a "voice" the engine answers female for): the card's example request. */
function exampleWav(): string {
  if (example) return example;
  const rate = 8000;
  const samples = new Int16Array(Math.round(rate * 0.6));
  for (let i = 0; i < samples.length; i++) {
    const t = i / rate;
    let v = 0;
    for (let h = 1; h <= 5; h++) v += Math.sin(2 * Math.PI * 210 * h * t) / h;
    samples[i] = Math.round(v * 8000);
  }
  const file = new wavefile.WaveFile();
  file.fromScratch(1, rate, '16', samples);
  example = Buffer.from(file.toBuffer()).toString('base64');
  return example;
}

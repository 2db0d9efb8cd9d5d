/**
 * Speaker audio decoding (docs/product.md#validation-rules "Speaker audio": wav, mp3, flac, ogg; docs/product.md#constants-and-limits max 1 minute).
 * Bytes → mono float samples at 16 kHz. The container is recognised by its magic bytes, not by a
 * declared type; WAV is read with `wavefile`, MP3 with `mpg123-decoder`, FLAC with
 * `@wasm-audio-decoders/flac` and Ogg Vorbis with `@wasm-audio-decoders/ogg-vorbis` (WebAssembly
 * builds of libmpg123, libFLAC and libvorbis: no native code, nothing downloaded at run time).
 */
import * as wavefileModule from 'wavefile';
import { MPEGDecoder } from 'mpg123-decoder';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';

// wavefile is a UMD bundle: loaded as ESM (the API) its exports sit under `default`, loaded as
// CommonJS (piscina's worker thread, compiled by tsx) they are the namespace itself.
const { WaveFile } = (wavefileModule as { default?: typeof wavefileModule }).default ?? wavefileModule;

/** Analysis sampling rate, Hz: telephone-band speaker features need no more than 8 kHz of spectrum. */
export const SPEAKER_RATE = 16000;
/** Longest audio accepted, seconds (docs/product.md#constants-and-limits: 1 minute of speech). */
export const MAX_SPEAKER_SECONDS = 60;

/** Containers recognised. */
export type SpeakerAudioFormat = 'wav' | 'mp3' | 'flac' | 'ogg';

/** Why audio was refused; `code` is the API error code, `message` the text shown to the user. */
export class SpeakerAudioError extends Error {
  constructor(
    readonly code: 'UNSUPPORTED_AUDIO_FORMAT' | 'NOT_AUDIO' | 'AUDIO_TOO_LONG' | 'NO_SPEECH',
    message: string,
  ) {
    super(message);
    this.name = 'SpeakerAudioError';
  }
}

export const UNSUPPORTED_FORMAT_MESSAGE = 'Unsupported audio format: please send wav, mp3, flac or ogg (Vorbis) audio.';
export const NOT_AUDIO_MESSAGE = 'The audio could not be decoded: the file is damaged or is not audio.';

/** Decoded audio: mono samples in [-1, 1] at {@link SPEAKER_RATE}. */
export interface DecodedSpeech {
  samples: Float32Array;
  format: SpeakerAudioFormat;
  /** Duration before resampling, seconds. */
  seconds: number;
  /** Sampling rate of the file, Hz. */
  sourceRate: number;
}

/** The container of `bytes` from its first bytes; undefined when none of the four. */
export function sniffFormat(bytes: Uint8Array): SpeakerAudioFormat | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (bytes.length >= 4 && ascii(0, 4) === 'fLaC') return 'flac';
  if (bytes.length >= 4 && ascii(0, 4) === 'OggS') return 'ogg';
  if (bytes.length >= 3 && ascii(0, 3) === 'ID3') return 'mp3';
  // A bare MPEG audio frame: 11 sync bits, layer not "reserved".
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && (bytes[1] & 0x06) !== 0) return 'mp3';
  return undefined;
}

/** Mono mix of decoded channels. */
function mix(channels: Float32Array[], length: number): Float32Array {
  if (channels.length === 1) return channels[0].subarray(0, length);
  const out = new Float32Array(length);
  for (const ch of channels) for (let i = 0; i < length; i++) out[i] += ch[i] / channels.length;
  return out;
}

/** Zero crossings of the sinc kernel on each side (in units of the narrower band's period). */
const SINC_ZEROS = 8;
/** Fractional positions between two input samples at which the kernel is tabulated. */
const PHASES = 256;

/**
 * Resamples mono float audio to {@link SPEAKER_RATE}: band-limited interpolation with a
 * Hann-windowed sinc whose cut-off is 95% of the lower Nyquist frequency (so downsampling does not
 * alias), tabulated at 1/256-sample steps. Own code because the library at hand (wavefile's
 * `toSampleRate`) took 1.7-3.2 s per 10 s of audio on these machines (bench/speakers.ts).
 */
export function resampleTo16k(samples: Float32Array, rate: number): Float32Array {
  if (rate === SPEAKER_RATE) return samples;
  const ratio = SPEAKER_RATE / rate;
  const fc = Math.min(1, ratio) * 0.95;
  const half = Math.ceil(SINC_ZEROS / fc);
  const taps = 2 * half;
  // table[p * taps + k]: weight of input sample floor(center) - half + 1 + k when center's fraction is p / PHASES.
  const table = new Float32Array((PHASES + 1) * taps);
  for (let p = 0; p <= PHASES; p++) {
    for (let k = 0; k < taps; k++) {
      const t = p / PHASES + half - 1 - k;
      const u = Math.PI * fc * t;
      const sinc = u === 0 ? 1 : Math.sin(u) / u;
      table[p * taps + k] = Math.abs(t) >= half ? 0 : fc * sinc * (0.5 + 0.5 * Math.cos((Math.PI * t) / half));
    }
  }
  const out = new Float32Array(Math.floor(samples.length * ratio));
  const last = samples.length - 1;
  for (let i = 0; i < out.length; i++) {
    const center = i / ratio;
    const base = Math.floor(center);
    const row = Math.round((center - base) * PHASES) * taps;
    const first = base - half + 1;
    let acc = 0;
    for (let k = 0; k < taps; k++) {
      const j = first + k;
      if (j >= 0 && j <= last) acc += samples[j] * table[row + k];
    }
    out[i] = acc;
  }
  return out;
}

function tooLong(seconds: number): SpeakerAudioError {
  return new SpeakerAudioError('AUDIO_TOO_LONG', `The audio is ${seconds.toFixed(1)} seconds long; max 1 minute of speech.`);
}

/**
 * A WAV written to a pipe (espeak-ng, arecord, ffmpeg to stdout) carries placeholder sizes
 * (0x7fffffff, 0xffffffff) in its RIFF and data headers; give them the real sizes so the file reads.
 * Returns `bytes` itself when the sizes already fit.
 */
export function fixStreamedWavSizes(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === 'data') {
      if (at + 8 + size <= bytes.length) return bytes;
      const out = Uint8Array.from(bytes);
      const outView = new DataView(out.buffer);
      outView.setUint32(4, out.length - 8, true);
      outView.setUint32(at + 4, out.length - at - 8, true);
      return out;
    }
    at += 8 + size + (size % 2);
  }
  return bytes;
}

function decodeWav(input: Uint8Array): { channels: Float32Array[]; length: number; rate: number } {
  const bytes = fixStreamedWavSizes(input);
  const file = new WaveFile();
  try {
    file.fromBuffer(bytes);
  } catch {
    throw new SpeakerAudioError('NOT_AUDIO', NOT_AUDIO_MESSAGE);
  }
  const fmt = file.fmt as { sampleRate?: number; numChannels?: number; audioFormat?: number };
  const rate = fmt.sampleRate ?? 0;
  const nch = fmt.numChannels ?? 0;
  const bitDepth = Number.parseInt(file.bitDepth, 10);
  const dataBytes = (file.data as { chunkSize?: number }).chunkSize ?? 0;
  if (!rate || !nch || !bitDepth || !dataBytes) throw new SpeakerAudioError('NOT_AUDIO', NOT_AUDIO_MESSAGE);
  if (fmt.audioFormat !== 1 && fmt.audioFormat !== 3 && fmt.audioFormat !== 65534) {
    throw new SpeakerAudioError(
      'UNSUPPORTED_AUDIO_FORMAT',
      'This WAV encoding is not supported: please send PCM (8/16/24/32-bit) or float WAV.',
    );
  }
  // Refuse before converting: a minute of 48 kHz stereo is the most we ever expand.
  const seconds = dataBytes / (rate * nch * (bitDepth / 8));
  if (seconds > MAX_SPEAKER_SECONDS + 0.05) throw tooLong(seconds);
  let raw: Float64Array[] | Float64Array;
  try {
    raw = file.getSamples(false, Float64Array) as unknown as Float64Array[] | Float64Array;
  } catch {
    throw new SpeakerAudioError('NOT_AUDIO', NOT_AUDIO_MESSAGE);
  }
  const list = Array.isArray(raw) ? raw : [raw];
  // Integer PCM comes back in its own range; bring it to [-1, 1].
  const scale = fmt.audioFormat === 3 ? 1 : bitDepth === 8 ? 128 : 2 ** (bitDepth - 1);
  const offset = fmt.audioFormat !== 3 && bitDepth === 8 ? 128 : 0;
  const channels = list.map((ch) => Float32Array.from(ch, (v) => (v - offset) / scale));
  return { channels, length: channels[0]?.length ?? 0, rate };
}

/**
 * Decodes wav, mp3, flac or Ogg Vorbis bytes to 16 kHz mono.
 * @throws SpeakerAudioError UNSUPPORTED_AUDIO_FORMAT (another container, e.g. webm, m4a, or not
 *   audio at all), NOT_AUDIO (a recognised container that does not decode), AUDIO_TOO_LONG (over
 *   60 s).
 */
export async function decodeSpeech(bytes: Uint8Array): Promise<DecodedSpeech> {
  const format = sniffFormat(bytes);
  if (!format) throw new SpeakerAudioError('UNSUPPORTED_AUDIO_FORMAT', UNSUPPORTED_FORMAT_MESSAGE);
  let decoded: { channels: Float32Array[]; length: number; rate: number };
  if (format === 'wav') {
    decoded = decodeWav(bytes);
  } else {
    decoded = await decodeCompressed(format, bytes);
  }
  const { channels, length, rate } = decoded;
  if (!rate || length === 0 || channels.length === 0) throw new SpeakerAudioError('NOT_AUDIO', NOT_AUDIO_MESSAGE);
  const seconds = length / rate;
  if (seconds > MAX_SPEAKER_SECONDS + 0.05) throw tooLong(seconds);
  return { samples: resampleTo16k(mix(channels, length), rate), format, seconds, sourceRate: rate };
}

/** Bytes fed to a compressed-audio decoder at a time: the 60 s limit is checked between chunks. */
const DECODE_CHUNK = 64 * 1024;

/**
 * Decodes mp3/flac/ogg in chunks, stopping as soon as more than 60 s came out, so a long
 * low-bitrate file never expands to gigabytes of samples.
 */
async function decodeCompressed(
  format: 'mp3' | 'flac' | 'ogg',
  bytes: Uint8Array,
): Promise<{ channels: Float32Array[]; length: number; rate: number }> {
  const decoder = format === 'mp3' ? new MPEGDecoder() : format === 'flac' ? new FLACDecoder() : new OggVorbisDecoder();
  const parts: Float32Array[][] = [];
  let length = 0;
  let rate = 0;
  const take = (out: { channelData: Float32Array[]; samplesDecoded: number; sampleRate: number }) => {
    if (out.samplesDecoded === 0) return;
    rate ||= out.sampleRate;
    parts.push(out.channelData.map((c) => c.slice(0, out.samplesDecoded)));
    length += out.samplesDecoded;
    if (length / rate > MAX_SPEAKER_SECONDS + 0.05) throw tooLong(length / rate);
  };
  try {
    await decoder.ready;
    for (let at = 0; at < bytes.length; at += DECODE_CHUNK) {
      const chunk = bytes.subarray(at, at + DECODE_CHUNK);
      take(decoder instanceof MPEGDecoder ? decoder.decode(chunk) : await decoder.decode(chunk));
    }
    if (!(decoder instanceof MPEGDecoder)) take(await decoder.flush());
  } catch (err) {
    if (err instanceof SpeakerAudioError) throw err;
    throw new SpeakerAudioError('NOT_AUDIO', NOT_AUDIO_MESSAGE);
  } finally {
    decoder.free();
  }
  if (length === 0 || !rate) throw new SpeakerAudioError('NOT_AUDIO', NOT_AUDIO_MESSAGE);
  const nch = Math.min(...parts.map((p) => p.length));
  const channels = Array.from({ length: nch }, (_, c) => {
    const out = new Float32Array(length);
    let at = 0;
    for (const p of parts) {
      out.set(p[c], at);
      at += p[c].length;
    }
    return out;
  });
  return { channels, length, rate };
}

/**
 * The speaker baseline's maths (docs/product.md#speaker-recognition "speaker enrol/verify: MFCC statistics (meyda) with
 * background-normalised cosine — a baseline"). Not a neural speaker model: it compares the average
 * shape of the voice's spectrum, so it tells apart clearly different voices and is fooled by
 * similar ones, by channel changes (microphone, phone line) and by noise.
 *
 * 1. 16 kHz mono samples, pre-emphasis 0.97, frames of 512 samples (32 ms, Hann window) every
 *    160 samples (10 ms).
 * 2. Voice activity by energy: a frame is voiced when its log energy is within 30 dB of the
 *    loudest frames (95th percentile) and above -55 dBFS; silence and pauses are dropped.
 * 3. Per frame 20 MFCCs (meyda: 40 mel bands, log, DCT); c0 (loudness) is dropped, leaving 19.
 *    Deltas over ±2 frames.
 * 4. The utterance's statistics over voiced frames: mean and standard deviation of the 19 MFCCs,
 *    standard deviation of the 19 deltas: a 57-number vector.
 * 5. Score: each dimension is standardised with the background set's mean and standard
 *    deviation (see background.ts), then the cosine of the two vectors; confidence = (1 + cos) / 2
 *    in [0, 1].
 */
import Meyda from 'meyda';

/** Analysis frame, samples at 16 kHz (a power of two, as meyda needs): 32 ms. */
export const FRAME = 512;
/** Hop between frames, samples: 10 ms. */
export const HOP = 160;
/** MFCCs computed per frame (c0 included, dropped afterwards). */
const N_MFCC = 20;
const MEL_BANDS = 40;
/** A voiced frame is at most this many dB below the loud frames. */
const VAD_RANGE_DB = 30;
/** And above this absolute level (dB relative to full scale, per-sample mean power). */
const VAD_FLOOR_DB = -55;
/** Fewer voiced frames than this (0.5 s) is "no speech". */
export const MIN_VOICED_FRAMES = 50;
/** Length of a speaker vector: mean and std of c1..c19, std of their deltas. */
export const EMBEDDING_SIZE = (N_MFCC - 1) * 3;

/** Per-utterance statistics. */
export interface SpeakerStats {
  /** The {@link EMBEDDING_SIZE} numbers compared between utterances. */
  vector: number[];
  /** Voiced frames used. */
  voicedFrames: number;
  /** Frames in the audio. */
  frames: number;
}

/** Log energy (dB re full scale) of each frame of `x`. */
export function frameEnergiesDb(x: Float32Array, frame = FRAME, hop = HOP): Float64Array {
  const n = x.length < frame ? 0 : 1 + Math.floor((x.length - frame) / hop);
  const out = new Float64Array(n);
  for (let f = 0; f < n; f++) {
    let e = 0;
    for (let i = f * hop, end = i + frame; i < end; i++) e += x[i] * x[i];
    out[f] = 10 * Math.log10(e / frame + 1e-12);
  }
  return out;
}

/** Which frames are voiced (energy VAD, constants above). */
export function voicedMask(energiesDb: Float64Array): boolean[] {
  if (energiesDb.length === 0) return [];
  const sorted = Float64Array.from(energiesDb).sort();
  const loud = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
  const threshold = Math.max(loud - VAD_RANGE_DB, VAD_FLOOR_DB);
  return Array.from(energiesDb, (e) => e >= threshold);
}

/** Deltas of a sequence of vectors by the usual regression over ±`w` frames (edges repeated). */
export function deltas(seq: Float64Array[], w = 2): Float64Array[] {
  const denom = 2 * Array.from({ length: w }, (_, k) => (k + 1) ** 2).reduce((a, b) => a + b, 0);
  return seq.map((_, t) => {
    const d = new Float64Array(seq[t].length);
    for (let k = 1; k <= w; k++) {
      const next = seq[Math.min(seq.length - 1, t + k)];
      const prev = seq[Math.max(0, t - k)];
      for (let j = 0; j < d.length; j++) d[j] += (k * (next[j] - prev[j])) / denom;
    }
    return d;
  });
}

function meanStd(rows: Float64Array[], dim: number): { mean: number[]; std: number[] } {
  const mean = new Array<number>(dim).fill(0);
  const sq = new Array<number>(dim).fill(0);
  for (const r of rows) for (let j = 0; j < dim; j++) mean[j] += r[j];
  for (let j = 0; j < dim; j++) mean[j] /= rows.length;
  for (const r of rows) for (let j = 0; j < dim; j++) sq[j] += (r[j] - mean[j]) ** 2;
  return { mean, std: sq.map((s) => Math.sqrt(s / rows.length)) };
}

/**
 * Speaker statistics of 16 kHz mono samples (steps 1-4 above). Returns `voicedFrames: 0` and an
 * empty vector when fewer than {@link MIN_VOICED_FRAMES} frames are voiced: the caller refuses it.
 */
export function speakerStats(samples: Float32Array): SpeakerStats {
  const x = new Float32Array(samples.length);
  for (let i = samples.length - 1; i > 0; i--) x[i] = samples[i] - 0.97 * samples[i - 1];
  if (samples.length > 0) x[0] = samples[0];
  const energies = frameEnergiesDb(samples);
  const voiced = voicedMask(energies);
  const frames = energies.length;
  const count = voiced.filter(Boolean).length;
  if (count < MIN_VOICED_FRAMES) return { vector: [], voicedFrames: count, frames };

  Meyda.bufferSize = FRAME;
  Meyda.sampleRate = 16000;
  Meyda.melBands = MEL_BANDS;
  Meyda.numberOfMFCCCoefficients = N_MFCC;
  Meyda.windowingFunction = 'hanning';
  const all: Float64Array[] = [];
  for (let f = 0; f < frames; f++) {
    const mfcc = Meyda.extract('mfcc', x.subarray(f * HOP, f * HOP + FRAME)) as unknown as number[];
    all.push(Float64Array.from(mfcc.slice(1)));
  }
  const d = deltas(all);
  const keep = (rows: Float64Array[]) => rows.filter((_, i) => voiced[i]);
  const c = meanStd(keep(all), N_MFCC - 1);
  const dd = meanStd(keep(d), N_MFCC - 1);
  return { vector: [...c.mean, ...c.std, ...dd.std], voicedFrames: count, frames };
}

/** Per-dimension mean and standard deviation of a background set of speaker vectors. */
export interface Background {
  mean: number[];
  std: number[];
}

/** The background statistics of a set of vectors (std floored so that no dimension divides by ~0). */
export function backgroundOf(vectors: number[][]): Background {
  const { mean, std } = meanStd(
    vectors.map((v) => Float64Array.from(v)),
    vectors[0].length,
  );
  return { mean, std: std.map((s) => Math.max(s, 1e-6)) };
}

/** Mean of several vectors (enrolment from more than one recording). */
export function averageVectors(vectors: number[][]): number[] {
  return vectors[0].map((_, j) => vectors.reduce((a, v) => a + v[j], 0) / vectors.length);
}

/** Cosine of two vectors after standardising each dimension with `bg`; in [-1, 1] (0 for a zero vector). */
export function normalisedCosine(a: number[], b: number[], bg: Background): number {
  if (a.length !== b.length || a.length !== bg.mean.length)
    throw new Error(`vector sizes differ: ${a.length}, ${b.length}, ${bg.mean.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let j = 0; j < a.length; j++) {
    const x = (a[j] - bg.mean[j]) / bg.std[j];
    const y = (b[j] - bg.mean[j]) / bg.std[j];
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Confidence in [0, 1] from a cosine in [-1, 1]. */
export function confidenceOf(cosine: number): number {
  return Math.min(1, Math.max(0, (1 + cosine) / 2));
}

/**
 * Equal error rate of a verification test set: the rate where false acceptance of impostor
 * scores equals false rejection of genuine scores, sweeping the threshold over every score.
 * Returns the rate (0-1) and the threshold (accept when score >= threshold) where the two are closest.
 */
export function equalErrorRate(genuine: number[], impostor: number[]): { eer: number; threshold: number } {
  if (genuine.length === 0 || impostor.length === 0) throw new Error('EER needs genuine and impostor scores');
  const candidates = [...new Set([...genuine, ...impostor])].sort((a, b) => a - b);
  let best = { gap: Infinity, eer: 1, threshold: candidates[0] };
  for (const t of candidates) {
    const frr = genuine.filter((s) => s < t).length / genuine.length;
    const far = impostor.filter((s) => s >= t).length / impostor.length;
    const gap = Math.abs(frr - far);
    if (gap < best.gap) best = { gap, eer: (frr + far) / 2, threshold: t };
  }
  return { eer: best.eer, threshold: best.threshold };
}

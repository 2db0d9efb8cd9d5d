import { describe, expect, it } from 'vitest';
import { runBenchSmoke } from './smoke.ts';

// docs/benchmarks.md#performance-benches: the benchmark runs at a small size in CI so that it keeps working; its figures are printed, never asserted.
describe('reference-models benchmark (smoke size)', () => {
  it('2 calls per engine and concurrency: every engine answers and a row is printed for each', () => {
    const { stdout } = runBenchSmoke('reference-models', ['--calls', '2'], 120_000);
    for (const id of [
      'ocr-tesseract',
      'img-lang-tesseract',
      'txt-lang-fasttext',
      'transliteration-sanscript',
      'tts-espeak',
      'translation-apertium',
      'text-normalization-towords',
      'itn-rules',
      'ner-rules',
      'gender-pitch',
    ]) {
      expect(stdout).toMatch(new RegExp(`${id}\\s+1\\s+\\d+\\.\\d`));
      expect(stdout).toMatch(new RegExp(`${id}\\s+8\\s+\\d+\\.\\d`));
    }
    expect(stdout).toMatch(/peak server RSS over the run: \d+ MB/);
  });
});

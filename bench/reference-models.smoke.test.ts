import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/benchmarks.md#performance-benches: the benchmark runs at a small size in CI so that it keeps working; its figures are printed, never asserted.
describe('reference-models benchmark (smoke size)', () => {
  it('2 calls per engine and concurrency: every engine answers and a row is printed for each', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'reference-models', '--calls', '2'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
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
      expect(r.stdout).toMatch(new RegExp(`${id}\\s+1\\s+\\d+\\.\\d`));
      expect(r.stdout).toMatch(new RegExp(`${id}\\s+8\\s+\\d+\\.\\d`));
    }
    expect(r.stdout).toMatch(/peak server RSS over the run: \d+ MB/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Benchmark, ModelRecord } from '@ulca/contracts';
import { i18n, loadTexts, setLanguage } from './i18n/i18n.ts';
import { benchmarkDescription, benchmarkName, engineLimits, engineLine, modelDescription, trainingDataText } from './platform-content.ts';

// The catalogue part the model and benchmark pages load with them (withTexts).
await loadTexts(['platformContent']);

/** Runs `check` with the interface in Hindi, then back in English. */
async function inHindi(check: () => void): Promise<void> {
  await setLanguage('hi', false);
  try {
    check();
  } finally {
    await setLanguage('en', false);
  }
}

const apertium: NonNullable<ModelRecord['engineCard']> = {
  kind: 'rule-based',
  engine: 'apertium 3.8.3 + apertium-urd-hin 0.1.0 (Debian packages)',
  limits: [
    'Hindi→Urdu and Urdu→Hindi only.',
    'Words missing from the dictionaries pass through unchanged, in the source script.',
    'Small dictionaries (an early, unreleased pair): common words only; no neural model.',
    'At most 150 characters per input and 100 inputs per request.',
  ],
  contentKey: 'translation-apertium',
};
const reference = {
  engineCard: apertium,
  refUrl: 'https://wiki.apertium.org/wiki/Hindi_and_Urdu',
  trainingDataset: { description: `None: a rule-based engine (${apertium.engine}), not trained on data.` },
};
const bundled: Pick<Benchmark, 'contentKey' | 'name' | 'description'> = {
  contentKey: 'translation-hi-ur',
  name: 'Demo benchmark: Hindi-Urdu translation',
  description: '25 everyday Hindi sentences with Urdu translations written by hand for the ULCA demo benchmarks.',
};

describe("the platform's own texts", () => {
  it("show a reference model's card in English as the server sent it", () => {
    expect(engineLine(i18n.t, apertium)).toBe(apertium.engine);
    expect(engineLimits(i18n.t, apertium)).toEqual(apertium.limits);
    expect(trainingDataText(i18n.t, reference)).toBe(reference.trainingDataset.description);
  });

  it("show a reference model's card and description in Hindi", async () => {
    await inHindi(() => {
      expect(engineLine(i18n.t, apertium)).toBe('apertium 3.8.3 + apertium-urd-hin 0.1.0 (Debian पैकेज)');
      expect(engineLimits(i18n.t, apertium)[0]).toBe('केवल हिन्दी→उर्दू और उर्दू→हिन्दी।');
      expect(engineLimits(i18n.t, apertium)).toHaveLength(4);
      expect(trainingDataText(i18n.t, reference)).toBe(
        'कोई नहीं: यह नियमों पर आधारित इंजन (apertium 3.8.3 + apertium-urd-hin 0.1.0 (Debian पैकेज)) है, जिसे डेटा पर प्रशिक्षित नहीं किया गया।',
      );
      expect(modelDescription(i18n.t, reference, 'Rule-based machine translation by Apertium …')).toMatch(/^Apertium से apertium-urd-hin/);
    });
  });

  it("keep a contributor's words, and the server's for a key the catalogue does not know", async () => {
    const own = { ...apertium, contentKey: undefined, engine: 'IndicTrans2 (PyTorch)', limits: ['Sentences only.'] };
    const unknown = { ...own, contentKey: 'an-engine-of-a-newer-server' };
    const model = { engineCard: null, refUrl: null, trainingDataset: { description: 'Samanantar' } };
    await inHindi(() => {
      for (const card of [own, unknown]) {
        expect(engineLine(i18n.t, card)).toBe('IndicTrans2 (PyTorch)');
        expect(engineLimits(i18n.t, card)).toEqual(['Sentences only.']);
      }
      expect(trainingDataText(i18n.t, model)).toBe('Samanantar');
      expect(modelDescription(i18n.t, model, 'A translation model')).toBe('A translation model');
      expect(benchmarkName(i18n.t, { ...bundled, contentKey: undefined })).toBe(bundled.name);
      expect(benchmarkDescription(i18n.t, { contentKey: undefined, description: null })).toBeNull();
    });
  });

  it("show a bundled benchmark's name and description in the interface language", async () => {
    expect(benchmarkName(i18n.t, bundled)).toBe(bundled.name);
    expect(benchmarkDescription(i18n.t, bundled)).toBe(bundled.description);
    await inHindi(() => {
      expect(benchmarkName(i18n.t, bundled)).toBe('डेमो बेंचमार्क: हिन्दी-उर्दू अनुवाद');
      expect(benchmarkDescription(i18n.t, bundled)).toMatch(/^रोज़मर्रा के 25 हिन्दी वाक्य/);
    });
  });
});

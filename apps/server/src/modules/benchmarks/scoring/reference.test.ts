// Our metrics against their reference implementations, to 1e-6 (docs/benchmarks.md#metrics).
// fixtures/expected.json holds inputs and the numbers sacrebleu 2.6.0, jiwer 4.0.0 and NLTK 3.10.3
// print for them (regenerate with fixtures/generate.py; the tests never run Python).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreMetric, type MetricOptions } from './index.ts';

interface Case {
  metric: string;
  set: string;
  options: MetricOptions & { signature?: string | null };
  score: number;
}
const fixture = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/expected.json'), 'utf8')) as {
  sets: Record<string, { hyps: string[]; refs: string[][] }>;
  cases: Case[];
};

describe('metrics equal their references on the generated fixture', () => {
  it('covers every metric with a reference', () => {
    expect(new Set(fixture.cases.map((c) => c.metric))).toEqual(
      new Set(['bleu', 'chrf', 'chrf++', 'ter', 'wer', 'cer', 'gleu', 'ribes', 'meteor-exact']),
    );
  });
  it.each(fixture.cases.map((c) => [`${c.metric} ${c.set} ${JSON.stringify({ ...c.options, signature: undefined })}`, c] as const))(
    '%s',
    (_label, c) => {
      const { hyps, refs } = fixture.sets[c.set];
      const { signature, ...options } = c.options;
      const result = scoreMetric(c.metric, hyps, refs, options);
      expect(Math.abs(result.score - c.score)).toBeLessThan(1e-6);
      // Our signature starts with sacrebleu's own for the metrics sacrebleu has.
      if (signature) expect(result.signature.startsWith(`${signature}|`)).toBe(true);
    },
  );
});

// Published vectors, copied with their inputs from the reference projects' READMEs and tests.
describe('published test vectors', () => {
  // sacrebleu README / test/test_bleu.py (test_corpus_bleu_cases), 2 reference streams.
  const hyps = ['The dog bit the man.', "It wasn't surprising.", 'The man had just bitten him.'];
  const refs = [
    ['The dog bit the man.', 'It was not unexpected.', 'The man bit him first.'],
    ['The dog had bit the man.', 'No one was surprised.', 'The man had bitten the dog.'],
  ];
  it.each([
    [{}, 48.530827],
    [{ tokenize: '13a' }, 48.530827],
    [{ tokenize: 'none' }, 49.1919566],
    [{ tokenize: 'intl' }, 43.91623493],
    [{ smooth: 'none' }, 48.530827],
  ] as const)('sacrebleu BLEU %j = %d', (options, expected) => {
    expect(Math.abs(scoreMetric('bleu', hyps, refs, options).score - expected)).toBeLessThan(1e-6);
  });
  it('sacrebleu BLEU keeps empty hypotheses (score 0)', () => {
    expect(scoreMetric('bleu', ['', '', ''], refs).score).toBe(0);
  });
  it('sacrebleu test_bleu.py raw cases (floor 0.01)', () => {
    expect(
      scoreMetric('bleu', ['this is a test'], [['this is a test']], { smooth: 'floor', smoothValue: 0.01, tokenize: 'none' }).score / 100,
    ).toBeCloseTo(1, 8);
    expect(
      Math.abs(
        scoreMetric('bleu', ['this is a fest'], [['this is a test']], { smooth: 'floor', smoothValue: 0.01, tokenize: 'none' }).score /
          100 -
          0.223606797749979,
      ),
    ).toBeLessThan(1e-8);
  });
  // sacrebleu test/test_chrf.py: cases with default settings are those with eps_smoothing off; the
  // keep-whitespace and beta=3 cases need options we do not offer.
  it('sacrebleu chrF signature of the default', () => {
    expect(scoreMetric('chrf', ['a b c'], [['a b c']]).signature).toBe(
      'nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0|metric:chrf|ulca:1',
    );
  });
  // sacrebleu test/test_ter.py (EPSILON 1e-3 there; ours exact on these).
  it.each([
    [['aaaa bbbb cccc dddd'], ['aaaa bbbb cccc dddd'], 0],
    [['dddd eeee ffff'], ['aaaa bbbb cccc'], 1],
    [[''], ['a'], 1],
    [['a'], [''], 1],
    [[''], [''], 0],
    [['d e f g h a b c'], ['a b c d e f g h'], 1 / 8],
  ])('sacrebleu TER %j vs %j = %d', (h, r, expected) => {
    expect(scoreMetric('ter', h, [r]).score).toBeCloseTo(100 * expected, 9);
  });
  it('sacrebleu TER WMT 2019 dev example = 13.6', () => {
    const h = [
      'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , damit das Bild ungefähr dieselbe Größe aufweist wie die andere Größe .',
      'wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des Aufgabenbedienfelds die Option " Alle Aufgaben aktualisieren . "',
      'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie Werte für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " ein .',
      'Sie können beispielsweise ein Dokument erstellen , das ein Auto über die Bühne enthält .',
      'wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "',
    ];
    const r = [
      'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , damit die Darstellung des Bildes in einer anderen Größe beibehalten wird .',
      'wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des Aufgabenbedienfelds die Option " Alle Aufgaben aktualisieren . "',
      'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " niedrigere Werte ein .',
      'Sie können beispielsweise ein Dokument erstellen , das ein Auto enthalt , das sich über die Bühne bewegt .',
      'wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "',
    ];
    expect(Math.abs(scoreMetric('ter', h, [r]).score - 13.6)).toBeLessThan(1e-3 * 100);
  });
  // jiwer tests/test_measures.py and tests/test_cer.py.
  it('jiwer WER 0.5 and CER 5/14 on "This is a test" / "This test"', () => {
    expect(scoreMetric('wer', ['This test'], [['This is a test']]).score).toBeCloseTo(50, 9);
    expect(scoreMetric('cer', ['This test'], [['This is a test']]).score).toBeCloseTo((100 * 5) / 14, 9);
  });
  it.each([
    ['X', 'X', 0],
    ['X', 'X X Y Y', 6],
    ['X Y X', 'X Z', 3 / 5],
    ['X', 'Y', 1],
    ['X', 'Y Z', 3],
  ])('jiwer CER known value %s → %s = %d', (ref, hyp, expected) => {
    expect(scoreMetric('cer', [hyp], [[ref]]).score).toBeCloseTo(100 * expected, 9);
  });
  it('jiwer: an empty reference scores the number of inserted words', () => {
    expect(scoreMetric('wer', ['0 1 2'], [['']]).score).toBe(300);
    expect(scoreMetric('wer', [''], [['']]).score).toBe(0);
  });
  // NLTK ribes_score.py docstring: corpus_ribes of its two-sentence example rounds to 0.3597.
  it('NLTK corpus_ribes docstring example = 0.3597', () => {
    const h = [
      'It is a guide to action which ensures that the military always obeys the commands of the party',
      'he read the book because he was interested in world history',
    ];
    const r1 = [
      'It is a guide to action that ensures that the military will forever heed Party commands',
      'he was interested in world history because he read the book',
    ];
    const r2 = [
      'It is the guiding principle which guarantees the military forces always being under the command of the Party',
      'he was interested in world history because he read the book',
    ];
    const r3 = [
      'It is the practical guide for the army always to heed the directions of the party',
      'he was interested in world history because he read the book',
    ];
    expect(Math.round(scoreMetric('ribes', h, [r1, r2, r3]).score * 100) / 10000).toBe(0.3597);
  });
});

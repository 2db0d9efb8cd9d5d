// The fast metric modules against the straightforward string-keyed implementations they replaced
// (test/naive/): the same row statistics, exactly (not to 1e-6), on seeded random text that stresses
// what the fast paths special-case: repeated n-grams (clipping), several references, empty
// segments, astral and lone-surrogate characters, Python-only whitespace, punctuation and digits.
import { describe, expect, it } from 'vitest';
import { bleu } from './bleu.ts';
import { chrf, chrfpp } from './chrf.ts';
import { ter } from './ter.ts';
import { mulberry32, resampleScores } from './bootstrap.ts';
import { resampleScores as naiveResampleScores } from './test/naive/bootstrap.ts';
import { getMetric } from './index.ts';
import { tokenize13a, tokenizeIntl } from './tokenizers.ts';
import { tokenize13a as naiveTokenize13a, tokenizeIntl as naiveTokenizeIntl } from './test/naive/tokenizers.ts';
import { pyNormSpace, pyRemoveSpace, pySplit, pyStrip } from './text.ts';
import {
  pyNormSpace as naivePyNormSpace,
  pyRemoveSpace as naivePyRemoveSpace,
  pySplit as naivePySplit,
  pyStrip as naivePyStrip,
} from './test/naive/text.ts';
import { bleu as naiveBleu } from './test/naive/bleu.ts';
import { chrf as naiveChrf, chrfpp as naiveChrfpp } from './test/naive/chrf.ts';
import { ter as naiveTer } from './test/naive/ter.ts';
import type { MetricImpl, MetricOptions } from './types.ts';

const WORDS = [
  'the',
  'The',
  'a',
  'dog',
  'dogs',
  'bit',
  'man',
  'man.',
  '(man)',
  'it',
  "wasn't",
  'isn\u2019t',
  '3.14',
  '1,000',
  '2-3',
  'e-mail',
  '&amp;',
  '&quot;x&quot;',
  'घर',
  'गया',
  'है।',
  'நான்',
  'আমি',
  'किताब,',
  '😀',
  '𝔘𝔩𝔠𝔞',
  'x\ud800y',
  '\udc00',
  ',',
  '.',
  '!',
  '?',
  '-',
  '"',
  "'",
  '$',
  '%',
  '“',
  '”',
  '€',
  '＃',
];
const SPACES = [' ', ' ', ' ', ' ', '  ', '\t', '\u00a0', '\u3000', '\x1c', '\u2009'];

function corpus(seed: number, rows: number, nrefs: number): { hyps: string[]; refs: string[][] } {
  const rand = mulberry32(seed);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)];
  const sentence = (): string => {
    if (rand() < 0.05) return '';
    // A small vocabulary per sentence gives repeated n-grams.
    const vocab = Array.from({ length: 1 + Math.floor(rand() * 8) }, () => pick(WORDS));
    const len = Math.floor(rand() * 25);
    let s = rand() < 0.1 ? pick(SPACES) : '';
    for (let i = 0; i < len; i++) s += (i ? pick(SPACES) : '') + pick(vocab);
    return s + (rand() < 0.1 ? pick(SPACES) : '');
  };
  const hyps = Array.from({ length: rows }, sentence);
  const refs = Array.from({ length: nrefs }, () => hyps.map((h) => (rand() < 0.3 ? h : sentence())));
  return { hyps, refs };
}

const cases: [string, MetricImpl, MetricImpl, MetricOptions[]][] = [
  ['bleu', bleu, naiveBleu, [{}, { tokenize: 'none' }, { tokenize: 'intl' }, { tokenize: 'char' }, { lowercase: true }]],
  ['chrf', chrf, naiveChrf, [{}, { lowercase: true }]],
  ['chrf++', chrfpp, naiveChrfpp, [{}, { lowercase: true }]],
  ['ter', ter, naiveTer, [{}, { caseSensitive: true }, { normalized: true }, { noPunct: true }]],
];

describe('fast metrics give exactly the row statistics of the string-keyed implementations', () => {
  for (const [name, fast, naive, optionSets] of cases) {
    for (const options of optionSets) {
      for (const nrefs of [1, 2, 3]) {
        it(`${name} ${JSON.stringify(options)} with ${nrefs} reference(s)`, () => {
          const { hyps, refs } = corpus(1000 * nrefs + name.length, name === 'ter' ? 150 : 400, nrefs);
          expect(fast.rowStats(hyps, refs, options)).toEqual(naive.rowStats(hyps, refs, options));
        });
      }
    }
  }
  it('long rows (table fallback sizes) agree too', () => {
    const { hyps, refs } = corpus(7, 3, 2);
    const long = (s: string[]) => s.map((x, i) => Array.from({ length: 60 }, (_, k) => `${x} w${(k * 7 + i) % 500}`).join(' '));
    const h = long(hyps);
    const r = refs.map(long);
    expect(bleu.rowStats(h, r, {})).toEqual(naiveBleu.rowStats(h, r, {}));
    expect(chrfpp.rowStats(h, r, {})).toEqual(naiveChrfpp.rowStats(h, r, {}));
  });
  it('TER where the beam limits the matrix (references over 25 words, lengths far apart) agrees too', () => {
    // Reordered and edited copies of long references, some hypotheses much shorter or longer, so
    // sacrebleu's beam (25 cells around the diagonal, wider when the length ratio is large) cuts rows.
    const rand = mulberry32(77);
    const word = () => `w${Math.floor(rand() * 12)}`;
    const hyps: string[] = [];
    const refs: string[] = [];
    for (let i = 0; i < 16; i++) {
      const ref = Array.from({ length: 26 + Math.floor(rand() * 70) }, word);
      let hyp = [...ref];
      for (let k = 0; k < 6; k++) {
        const a = Math.floor(rand() * hyp.length);
        const len = 1 + Math.floor(rand() * 4);
        const block = hyp.splice(a, len);
        hyp.splice(Math.floor(rand() * (hyp.length + 1)), 0, ...block);
        if (rand() < 0.5) hyp[Math.floor(rand() * hyp.length)] = word();
      }
      if (i % 4 === 1) hyp = hyp.slice(0, Math.ceil(hyp.length / 3));
      if (i % 4 === 2) hyp = [...hyp, ...Array.from({ length: 60 }, word)];
      hyps.push(hyp.join(' '));
      refs.push(ref.join(' '));
    }
    expect(ter.rowStats(hyps, [refs], {})).toEqual(naiveTer.rowStats(hyps, [refs], {}));
  }, 60_000);
});

describe('the faster bootstrap resamples to the same scores, to the bit', () => {
  it.each([
    ['bleu', 1],
    ['chrf++', 2],
    ['ter', 1],
    ['ter', 2],
    ['meteor-exact', 1],
  ] as const)('%s with %i reference(s)', (name, nrefs) => {
    const { hyps, refs } = corpus(99 + nrefs, 300, nrefs);
    const m = getMetric(name).impl;
    const rows = m.rowStats(hyps, refs, {});
    const width = m.width({});
    const score = (t: readonly number[]) => m.fromTotals(t, {});
    const other = rows.map((r) => r.map((v, k) => (k === 0 ? v + 1 : v)));
    const opts = { samples: 50, seed: 5 };
    expect(resampleScores([rows, other], width, score, opts)).toEqual(naiveResampleScores([rows, other], width, score, opts));
  });
});

describe('the faster tokenisers and text helpers give the same strings', () => {
  const PIECES = [
    'a',
    'Ab',
    '7',
    '42',
    '.',
    ',',
    '-',
    '--',
    '\n',
    '-\n',
    '<skipped>',
    '&amp;',
    '&quot;',
    '&lt;',
    '&gt;',
    '&',
    "'",
    '"',
    '(',
    ')',
    '$',
    '@',
    '~',
    '`',
    '{',
    '}',
    '|',
    '^',
    '_',
    '[',
    ']',
    '\\',
    '/',
    ':',
    ';',
    '?',
    '!',
    '%',
    '।',
    '“',
    '😀',
    '\t',
    '\u00a0',
    '\u3000',
    '\x1c',
    ' ',
    '  ',
  ];
  const rand = mulberry32(2024);
  const lines = Array.from({ length: 5000 }, () =>
    Array.from({ length: Math.floor(rand() * 14) }, () => PIECES[Math.floor(rand() * PIECES.length)]).join(rand() < 0.5 ? '' : ' '),
  );
  it('13a and intl', () => {
    expect(lines.map(tokenize13a)).toEqual(lines.map(naiveTokenize13a));
    expect(lines.map(tokenizeIntl)).toEqual(lines.map(naiveTokenizeIntl));
  });
  it('split, strip and whitespace helpers', () => {
    for (const [fast, naive] of [
      [pySplit, naivePySplit],
      [pyNormSpace, naivePyNormSpace],
      [pyRemoveSpace, naivePyRemoveSpace],
      [pyStrip, naivePyStrip],
    ] as [(s: string) => unknown, (s: string) => unknown][]) {
      expect(lines.map(fast)).toEqual(lines.map(naive));
    }
  });
});

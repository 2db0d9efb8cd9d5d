/**
 * Top-1 and top-5 accuracy for transliteration (docs/architecture.md#calling-models): each row's output holds its
 * candidates, best first, separated by tab characters (a model's several transliterations of one
 * word); a row is correct when one of its first k non-empty candidates equals one of its
 * references, both stripped of surrounding whitespace (and lowercased with `lowercase`). A failed
 * row (no candidates) is wrong. The original ULCA compared only the first candidate for top-5;
 * here all five count. Scale: percent of rows, higher is better.
 */
import { pyStrip } from './text.ts';
import { checkStreams, type MetricImpl } from './types.ts';

/** The candidates of one output line: tab-separated, stripped, empty ones dropped. */
export function candidates(line: string): string[] {
  return line
    .split('\t')
    .map(pyStrip)
    .filter((c) => c !== '');
}

/** Top-k accuracy; row statistics `[correct (0/1), 1]`. */
export function makeTopK(k: number): MetricImpl {
  return {
    rowStats(hyps, refs, options) {
      checkStreams(`top${k}`, hyps, refs);
      const prep = (s: string) => pyStrip(options.lowercase ? s.toLowerCase() : s);
      return hyps.map((h, i) => {
        const wanted = new Set(refs.map((stream) => prep(stream[i])));
        const top = candidates(options.lowercase ? h.toLowerCase() : h).slice(0, k);
        return [top.some((c) => wanted.has(c)) ? 1 : 0, 1];
      });
    },
    fromTotals: ([correct, n]) => (n === 0 ? 0 : 100 * (correct / n)),
    width: () => 2,
    signature: (options, nrefs) => `nrefs:${nrefs}|case:${options.lowercase ? 'lc' : 'mixed'}|k:${k}|sep:tab|strip:yes`,
  };
}

/** Top-1 accuracy. */
export const top1 = makeTopK(1);
/** Top-5 accuracy. */
export const top5 = makeTopK(5);

/**
 * Accuracy for the language-detection tasks (txt-lang-detection, audio-lang-detection;
 * benchmark-dataset-schema.yml rows carry one `langCode`): a row is correct when the model's
 * language code equals its reference, both stripped (and compared case-insensitively: `hi` = `HI`,
 * codes are case-free). Row statistics `[correct (0/1), 1]`; percent of rows, higher is better.
 * With several reference streams, any one of them counts.
 */
export const accuracy: MetricImpl = {
  rowStats(hyps, refs) {
    checkStreams('accuracy', hyps, refs);
    const prep = (s: string) => pyStrip(s).toLowerCase();
    return hyps.map((h, i) => {
      const got = prep(h);
      return [got !== '' && refs.some((stream) => prep(stream[i]) === got) ? 1 : 0, 1];
    });
  },
  fromTotals: ([correct, n]) => (n === 0 ? 0 : 100 * (correct / n)),
  width: () => 2,
  signature: (_options, nrefs) => `nrefs:${nrefs}|case:lc|strip:yes`,
};

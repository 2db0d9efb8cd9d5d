/**
 * Entity-level F1 for NER (docs/architecture.md#calling-models), as seqeval 1.2.2 computes `f1_score(y_true, y_pred)`
 * by default: tags are read with its default (conlleval-style) chunking, which accepts IOB1, IOB2,
 * IOE and IOBES prefixes (B-, I-, E-, S-, O; a tag without a type is type "_"); an entity counts
 * as correct only when its type, first and last token all match a reference entity (strict span
 * and type); counts are summed over all rows (micro average), then
 * precision = correct / predicted, recall = correct / reference, F1 = 2PR / (P + R), each 0 when
 * its denominator is 0 (seqeval's zero_division). Scale 0–100 (F1 × 100), higher is better.
 *
 * Input, one row per line as for every metric: the row's tags separated by whitespace, the
 * hypothesis and its one reference over the same tokens (same number of tags; seqeval refuses
 * sequences of different lengths, and so does this).
 */
import { pySplit } from './text.ts';
import { checkStreams, type MetricImpl } from './types.ts';

/** One entity: its type and first and last token (inclusive). */
export interface Entity {
  type: string;
  start: number;
  end: number;
}

/** Whether the entity open before this token ends at it (seqeval's end_of_chunk). */
function endOfChunk(prevTag: string, tag: string, prevType: string, type: string): boolean {
  if (prevTag === 'E' || prevTag === 'S') return true;
  if ((prevTag === 'B' || prevTag === 'I') && (tag === 'B' || tag === 'S' || tag === 'O')) return true;
  return prevTag !== 'O' && prevTag !== '.' && prevType !== type;
}

/** Whether an entity starts at this token (seqeval's start_of_chunk). */
function startOfChunk(prevTag: string, tag: string, prevType: string, type: string): boolean {
  if (tag === 'B' || tag === 'S') return true;
  if ((prevTag === 'E' || prevTag === 'S' || prevTag === 'O') && (tag === 'E' || tag === 'I')) return true;
  return tag !== 'O' && tag !== '.' && prevType !== type;
}

/**
 * The entities of one tag sequence (seqeval's get_entities without `suffix`): the tag's first
 * character is its prefix, the text after its first '-' its type ('_' when none).
 */
export function entitiesOf(tags: readonly string[]): Entity[] {
  const out: Entity[] = [];
  // seqeval reads the rows as one sequence with an 'O' between sentences: each row starts after that 'O' (type '_').
  let prevTag = 'O';
  let prevType = '_';
  let begin = 0;
  for (let i = 0; i <= tags.length; i++) {
    // A final 'O' closes an entity that runs to the end.
    const chunk = i < tags.length ? tags[i] : 'O';
    const tag = chunk.charAt(0);
    const dash = chunk.indexOf('-', 1);
    const type = (dash >= 0 ? chunk.slice(dash + 1) : chunk.slice(1)) || '_';
    if (endOfChunk(prevTag, tag, prevType, type)) out.push({ type: prevType, start: begin, end: i - 1 });
    if (startOfChunk(prevTag, tag, prevType, type)) begin = i;
    prevTag = tag;
    prevType = type;
  }
  return out;
}

/** Entity F1; row statistics `[correct entities, predicted entities, reference entities]`. */
export const nerF1: MetricImpl = {
  rowStats(hyps, refs) {
    checkStreams('ner-f1', hyps, refs, 1);
    return hyps.map((h, i) => {
      const pred = pySplit(h);
      const gold = pySplit(refs[0][i]);
      // A failed row (no output) predicts no entity; otherwise the sequences must align token by token.
      if (pred.length !== 0 && pred.length !== gold.length) {
        throw new RangeError(
          `ner-f1: row ${i + 1} has ${pred.length} predicted tags for ${gold.length} reference tags (they must be the same tokens).`,
        );
      }
      const truth = new Set(entitiesOf(gold).map((e) => `${e.type}\u0000${e.start}\u0000${e.end}`));
      const found = entitiesOf(pred);
      const correct = found.filter((e) => truth.has(`${e.type}\u0000${e.start}\u0000${e.end}`)).length;
      return [correct, found.length, truth.size];
    });
  },
  fromTotals([correct, predicted, actual]) {
    const p = predicted === 0 ? 0 : correct / predicted;
    const r = actual === 0 ? 0 : correct / actual;
    const denom = p + r === 0 ? 1 : p + r;
    return 100 * ((2 * p * r) / denom);
  },
  width: () => 3,
  signature: (_options, nrefs) => `nrefs:${nrefs}|scheme:conlleval|mode:default|average:micro|version:1.2.2`,
};

/**
 * How a benchmark row's reference and a model's stored output become the two lines a metric
 * compares, for the tasks whose outputs are not plain text (docs/benchmarks.md#benchmark-runs-and-leaderboards "Benchmarks"):
 *
 * NER (`ner-f1`). A row (benchmark-dataset-schema NerBenchmarkDatasetRowSchema = the ner-corpus
 * row) has `nerData` [{token?, tag, tokenIndex?}] and maybe `sourceText`. The row's tokens are the
 * space-separated words of `sourceText` (the pipeline has collapsed its whitespace), or the
 * nerData tokens when there is no sourceText. Reference tags: when nerData lists every word in
 * order it is read as is; otherwise (ULCA's "basic" examples list only the entity words) every
 * word is `O` except the listed ones, each placed by `tokenIndex` (counted from 1 as ULCA's
 * examples do, from 0 when the row uses index 0), checked against its `token`, or else at the next
 * occurrence of its `token`. The model's nerPrediction (model-schema NerPrediction) is aligned to
 * the same words: predictions in order, each at the next word equal to its token (at its
 * tokenStartIndex when that is a word's code-point offset), unlisted words `O`. A prediction that
 * matches no word makes the row's output unaligned: the row counts as failed (no entity
 * predicted), never dropped. Tags without a B-/I-/E-/S- prefix (tagsFormat "basic") are read as
 * I-<tag>, so a run of equal bare tags is one entity, as conlleval reads the IO scheme.
 *
 * Language detection (`accuracy`). The reference is the row's `langCode`; the model's answer is
 * its top language: the langPrediction item with the highest langScore (the first when none has a
 * score, the first of equals on a tie).
 */

/** A NER token of a benchmark row (ner-corpus nerData item). */
interface NerItem {
  token?: unknown;
  tag?: unknown;
  tokenIndex?: unknown;
}

/** The preprocessing named in a NER run's signature (`outputs:` field). */
export const NER_OUTPUT_PREPROCESSING = 'nfc+align:tokens+bare:I';

const PREFIXED = /^[BIES]-\S/;

/** A tag as ner-f1 reads it: trimmed, inner spaces as '_', a bare type (no B-/I-/E-/S-, not O) as I-<type>. */
export function normalizeTag(tag: string): string {
  const t = tag.trim().replace(/\s+/g, '_');
  if (t === '' || t === 'O' || PREFIXED.test(t)) return t || 'O';
  return `I-${t}`;
}

const word = (s: string) => s.normalize('NFC').trim();

/** The text a NER row is sent as: its sourceText, or its tokens joined by spaces. */
export function nerSourceOf(data: Record<string, unknown>): string {
  if (typeof data.sourceText === 'string') return data.sourceText;
  const items = Array.isArray(data.nerData) ? (data.nerData as NerItem[]) : [];
  return items.map((t) => word(String(t.token ?? ''))).join(' ');
}

/** The row's words (see the module comment). */
export function nerTokensOf(data: Record<string, unknown>): string[] {
  if (typeof data.sourceText === 'string') return data.sourceText.split(' ').filter((w) => w !== '');
  const items = Array.isArray(data.nerData) ? (data.nerData as NerItem[]) : [];
  return items.map((t) => word(String(t.token ?? '')));
}

/**
 * The reference tags of a NER row, one per word of {@link nerTokensOf}. Throws RangeError when a
 * listed token cannot be placed among the row's words (a malformed benchmark row).
 */
export function nerReferenceTags(data: Record<string, unknown>): string[] {
  const tokens = nerTokensOf(data);
  const items = Array.isArray(data.nerData) ? (data.nerData as NerItem[]) : [];
  const full = items.length === tokens.length && items.every((t, i) => t.token === undefined || word(String(t.token)) === tokens[i]);
  if (full) return items.map((t) => normalizeTag(String(t.tag ?? 'O')));
  const tags = tokens.map(() => 'O');
  const indices = items.map((t) => (typeof t.tokenIndex === 'number' ? t.tokenIndex : null));
  const base = indices.some((i) => i === 0) ? 0 : 1;
  let cursor = 0;
  items.forEach((t, n) => {
    const tok = t.token === undefined ? null : word(String(t.token));
    const idx = indices[n];
    let at = idx !== null && Number.isInteger(idx) ? idx - base : -1;
    if (at >= tokens.length || at < 0 || (tok !== null && tokens[at] !== tok)) at = tok === null ? -1 : tokens.indexOf(tok, cursor);
    if (at < 0)
      throw new RangeError(
        `NER row: nerData[${n}] (${tok ?? `tokenIndex ${String(idx)}`}) is not one of the row's ${tokens.length} words.`,
      );
    tags[at] = normalizeTag(String(t.tag ?? 'O'));
    cursor = at + 1;
  });
  return tags;
}

/** Code-point offset of each space-separated word in `source`. */
function wordStarts(source: string, tokens: readonly string[]): number[] {
  const cps = [...source];
  const starts: number[] = [];
  let at = 0;
  for (const t of tokens) {
    const len = [...t].length;
    while (at < cps.length && cps.slice(at, at + len).join('') !== t) at++;
    starts.push(at);
    at += len;
  }
  return starts;
}

/**
 * The model's tags for a NER row, aligned to the row's words, as one line for ner-f1; null when
 * the output is not a nerPrediction list or a prediction matches none of the words left (the row
 * then counts as failed).
 */
export function nerPredictedLine(output: unknown, data: Record<string, unknown>): string | null {
  if (!Array.isArray(output)) return null;
  const tokens = nerTokensOf(data);
  const starts = wordStarts(nerSourceOf(data), tokens);
  const tags = tokens.map(() => 'O');
  let cursor = 0;
  for (const p of output as { token?: unknown; tag?: unknown; tokenStartIndex?: unknown }[]) {
    if (typeof p?.token !== 'string' || typeof p.tag !== 'string') return null;
    const tok = word(p.token);
    let at = -1;
    for (let j = cursor; j < tokens.length; j++) {
      if (tokens[j] !== tok) continue;
      if (at < 0) at = j;
      if (starts[j] === p.tokenStartIndex) {
        at = j;
        break;
      }
    }
    if (at < 0) return null;
    tags[at] = normalizeTag(p.tag);
    cursor = at + 1;
  }
  return tags.join(' ');
}

/** The top language code of a langPrediction list (see the module comment); null when there is none. */
export function topLanguage(output: unknown): string | null {
  if (!Array.isArray(output)) return null;
  let best: { code: string; score: number } | null = null;
  for (const p of output as { langCode?: unknown; langScore?: unknown }[]) {
    if (typeof p?.langCode !== 'string' || p.langCode.trim() === '') continue;
    const score = typeof p.langScore === 'number' && Number.isFinite(p.langScore) ? p.langScore : -Infinity;
    if (!best || score > best.score) best = { code: p.langCode.trim(), score };
  }
  return best?.code ?? null;
}

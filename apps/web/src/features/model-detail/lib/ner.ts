/**
 * NER display (docs/product.md#screens "ner: coloured tags per token with a legend by tag", docs/product.md#entities-and-fields tags B-/I-
 * prefixed PER, LOC, ORG, ETI, EN, plus O): tokens of one entity (B-X followed by I-X) are grouped
 * into one tagged span; O tokens are plain text.
 */

/** A token and tag as a NER model answers them. */
export interface NerToken {
  token: string;
  tag: string;
}

/** A run of text: an entity with its tag (without the B-/I- prefix), or plain text (tag null). */
export interface NerSegment {
  text: string;
  tag: string | null;
}

/** Names of the tags the spec lists; other tags (e.g. a reference model's DATE) show their code. */
export const NER_TAG_NAMES: Record<string, string> = {
  PER: 'Person',
  LOC: 'Location',
  ORG: 'Organisation',
  ETI: 'ETI',
  EN: 'EN',
};

const PALETTE = ['#c62828', '#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e', '#283593', '#9e9d24'];
const FIXED: Record<string, number> = { PER: 0, LOC: 1, ORG: 2, ETI: 3, EN: 4 };

/** The entity type of a tag: 'B-PER' → 'PER', 'I-LOC' → 'LOC', 'O' (or empty) → null. */
export function entityType(tag: string): string | null {
  const t = tag.trim();
  if (!t || t.toUpperCase() === 'O') return null;
  return t.replace(/^[BIES][-_]/i, '').toUpperCase();
}

/** Whether a tag opens a new entity (B-), rather than continuing one (I-) or having no prefix. */
function begins(tag: string): boolean {
  return /^B[-_]/i.test(tag.trim());
}

/**
 * Groups NER tokens into segments: B-X starts an entity, following I-X (or unprefixed X) tokens
 * join it, an I-X after something else starts one; consecutive O tokens become one plain segment.
 * Tokens are joined with single spaces.
 */
export function groupNerTokens(tokens: readonly NerToken[]): NerSegment[] {
  const segments: NerSegment[] = [];
  for (const { token, tag } of tokens) {
    const type = entityType(tag);
    const last = segments.at(-1);
    if (last && last.tag === type && (type === null || !begins(tag))) {
      last.text += ` ${token}`;
    } else {
      segments.push({ text: token, tag: type });
    }
  }
  return segments;
}

/** The entity types present, in order of first appearance (the legend). */
export function legendTags(segments: readonly NerSegment[]): string[] {
  return [...new Set(segments.flatMap((s) => (s.tag ? [s.tag] : [])))];
}

/** A stable colour per entity type: the spec's five fixed, others by a hash of the name. */
export function tagColour(type: string): string {
  if (type in FIXED) return PALETTE[FIXED[type]];
  let h = 0;
  for (const ch of type) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[5 + (h % (PALETTE.length - 5))];
}

/** The legend label of an entity type: 'PER' → 'Person (PER)', unknown → the code. */
export function tagName(type: string): string {
  const name = NER_TAG_NAMES[type];
  return name && name !== type ? `${name} (${type})` : type;
}

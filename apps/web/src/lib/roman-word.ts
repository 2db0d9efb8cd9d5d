/** The Roman-letter word that ends at `caret` in `text`, with its range; null when there is none. */
export function romanWordAt(text: string, caret: number): { word: string; start: number; end: number } | null {
  const before = /[A-Za-z]+$/.exec(text.slice(0, caret));
  if (!before) return null;
  const after = /^[A-Za-z]*/.exec(text.slice(caret))?.[0] ?? '';
  return { word: before[0] + after, start: caret - before[0].length, end: caret + after.length };
}

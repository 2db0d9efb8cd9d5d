/**
 * The records of a JSON Lines text (an export, a per-example outputs download), one a line; a
 * final newline is optional. Untyped, as the tests read every JSON answer.
 */
export function jsonLines(text: string) {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
}

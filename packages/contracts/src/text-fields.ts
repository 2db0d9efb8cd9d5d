/**
 * Rules every API text field obeys, whatever its route (issue 9 #9): no NUL character (U+0000).
 * PostgreSQL cannot store it in text or jsonb, so a NUL that reached the database turned into a
 * 500; it is refused as a field error instead. The server applies the rule to every JSON body,
 * query string and path parameter before a route's own schema runs.
 */

/** Field error message for a text holding a NUL character. */
export const NUL_FIELD_MESSAGE = 'must not contain a NUL character (\\u0000)';

/** Strings and containers visited at most by findNulField (a 1 MB body holds far fewer). */
const MAX_VISITS = 1_000_000;

/**
 * The dotted path of the first string (or object key) in `value` that holds a NUL character,
 * e.g. `datasetName` or `criteria.0.value`; '' when `value` itself is such a string; null when
 * there is none. Iterative (no recursion), so any nesting is safe.
 */
export function findNulField(value: unknown): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  let visits = 0;
  while (stack.length > 0 && visits++ < MAX_VISITS) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) return path;
    } else if (v && typeof v === 'object') {
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v as Record<string, unknown>);
      // Pushed in reverse so that the first field in document order is reported.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i];
        const at = path ? `${path}.${k}` : k;
        if (k.includes('\0')) return at;
        stack.push({ v: x, path: at });
      }
    }
  }
  return null;
}

/** `text` with each NUL character replaced by U+FFFD, for logging or auditing a refused value. */
export function withoutNul(text: string): string {
  return text.replace(/\0/g, '\uFFFD');
}

/**
 * Rules every API text field obeys, whatever its route (issue 9 #9): no NUL character (U+0000).
 * PostgreSQL cannot store it in text or jsonb, so a NUL that reached the database turned into a
 * 500; it is refused as a field error instead. The server applies the rule to every JSON body,
 * query string, path parameter and decoded upload before a route's own schema runs, together
 * with two bounds on the shape of the value (docs/operations.md#limits): at most
 * MAX_JSON_DEPTH levels of nesting, so no recursive code (JSON.stringify, schema checks) can
 * overflow the stack, and at most MAX_JSON_VALUES values, so the check itself is bounded and
 * fails closed instead of letting the rest through unchecked.
 */

/** Field error message for a text holding a NUL character. */
export const NUL_FIELD_MESSAGE = 'must not contain a NUL character (\\u0000)';

/** Deepest nesting of arrays and objects in any JSON input (the top-level value is level 1), as the dataset pipeline's. */
export const MAX_JSON_DEPTH = 64;

/** Most values (strings, numbers, containers, …) one input may hold; beyond, it is refused unchecked. */
export const MAX_JSON_VALUES = 1_000_000;

/** Field error message for a container nested deeper than MAX_JSON_DEPTH. */
export const TOO_DEEP_FIELD_MESSAGE = `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`;

/** Field error message for an input holding more than MAX_JSON_VALUES values. */
export const TOO_MANY_VALUES_MESSAGE = `holds more than ${MAX_JSON_VALUES.toLocaleString('en-US')} values`;

/** What {@link findTextProblem} found: the dotted field (e.g. `criteria.0.value`; '' = the value itself) and the field error message. */
export interface TextProblem {
  field: string;
  kind: 'nul' | 'depth' | 'size';
  message: string;
}

/**
 * The first problem of `value` in document order: a string or object key holding a NUL, a
 * container deeper than `maxDepth`, or (failing closed) more than `maxValues` values in all;
 * null when there is none. Iterative, so any nesting is safe; visits at most maxValues values.
 */
export function findTextProblem(value: unknown, maxDepth = MAX_JSON_DEPTH, maxValues = MAX_JSON_VALUES): TextProblem | null {
  // Nearly every input is clean: a first pass builds no field path (a string per value, and on the
  // server a request's hot path: docs/benchmarks.md#inference-proxy); only a problem found is then located.
  return hasTextProblem(value, maxDepth, maxValues) ? locateTextProblem(value, maxDepth, maxValues) : null;
}

/** Whether {@link locateTextProblem} finds a problem: the same walk in the same order, without paths. */
function hasTextProblem(value: unknown, maxDepth: number, maxValues: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  let visits = 0;
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop()!;
    if (++visits > maxValues) return true;
    if (typeof v === 'string') {
      if (v.includes('\0')) return true;
    } else if (v && typeof v === 'object') {
      if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) continue;
      if (depth + 1 > maxDepth) return true;
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) {
          values.push(v[i]);
          depths.push(depth + 1);
        }
      } else {
        const keys = Object.keys(v);
        for (let i = keys.length - 1; i >= 0; i--) {
          const k = keys[i];
          if (k.includes('\0')) return true;
          values.push((v as Record<string, unknown>)[k]);
          depths.push(depth + 1);
        }
      }
      if (values.length > maxValues) return true;
    }
  }
  return false;
}

/** The first problem of `value` with its field path (see {@link findTextProblem}). */
function locateTextProblem(value: unknown, maxDepth: number, maxValues: number): TextProblem | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  let visits = 0;
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (++visits > maxValues) return { field: path, kind: 'size', message: TOO_MANY_VALUES_MESSAGE };
    if (typeof v === 'string') {
      if (v.includes('\0')) return { field: path, kind: 'nul', message: NUL_FIELD_MESSAGE };
    } else if (v && typeof v === 'object') {
      // Raw bytes (a multipart body) are not text: their decoded fields are checked where they are read.
      if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) continue;
      if (depth + 1 > maxDepth) return { field: path, kind: 'depth', message: TOO_DEEP_FIELD_MESSAGE };
      const child = (k: string) => (path ? `${path}.${k}` : k);
      // Pushed in reverse so that the first field in document order is reported.
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: child(String(i)), depth: depth + 1 });
      } else {
        const keys = Object.keys(v);
        for (let i = keys.length - 1; i >= 0; i--) {
          const k = keys[i];
          if (k.includes('\0')) return { field: child(k), kind: 'nul', message: NUL_FIELD_MESSAGE };
          stack.push({ v: (v as Record<string, unknown>)[k], path: child(k), depth: depth + 1 });
        }
      }
      if (stack.length > maxValues) return { field: path, kind: 'size', message: TOO_MANY_VALUES_MESSAGE };
    }
  }
  return null;
}

/**
 * The dotted path of the first string (or object key) in `value` that holds a NUL character;
 * '' when `value` itself is such a string; null when there is none. Fails closed: a value too
 * deep or too large to check in full also answers the field where the check stopped
 * ({@link findTextProblem} tells which).
 */
export function findNulField(value: unknown): string | null {
  return findTextProblem(value)?.field ?? null;
}

/** `text` with each NUL character replaced by U+FFFD, for logging or auditing a refused value. */
export function withoutNul(text: string): string {
  return text.replace(/\0/g, '\uFFFD');
}

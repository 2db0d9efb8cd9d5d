import { describe, expect, it } from 'vitest';
import {
  MAX_JSON_DEPTH,
  NUL_FIELD_MESSAGE,
  TOO_DEEP_FIELD_MESSAGE,
  TOO_MANY_VALUES_MESSAGE,
  findNulField,
  findTextProblem,
} from './text-fields.ts';

/** `levels` arrays nested in one another: `[[[…]]]`. */
function nested(levels: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < levels; i++) v = [v];
  return v;
}

describe('findTextProblem', () => {
  it('names the first NUL field in document order, keys included', () => {
    expect(findTextProblem({ a: 'ok', b: ['x', 'y\0'], c: '\0' })).toEqual({ field: 'b.1', kind: 'nul', message: NUL_FIELD_MESSAGE });
    expect(findTextProblem({ ['k\0']: 1 })?.field).toBe('k\0');
    expect(findTextProblem('\0')?.field).toBe('');
    expect(findTextProblem({ a: [1, 2, { b: 'fine' }] })).toBeNull();
  });

  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more, naming where`, () => {
    expect(findTextProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(findTextProblem({ feedback: nested(MAX_JSON_DEPTH) })).toEqual({
      field: `feedback${'.0'.repeat(MAX_JSON_DEPTH - 1)}`,
      kind: 'depth',
      message: TOO_DEEP_FIELD_MESSAGE,
    });
    // 5,000 levels (JSON.parse builds it; JSON.stringify would overflow the stack on it).
    const deep = JSON.parse(`{"feedback":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(findTextProblem(deep)?.kind).toBe('depth');
  });

  it('fails closed: a NUL after more values than it checks is refused, not let through', () => {
    const items: unknown[] = new Array(1_100_000).fill(0);
    items.push('\0');
    expect(findTextProblem({ items })).toEqual({ field: 'items', kind: 'size', message: TOO_MANY_VALUES_MESSAGE });
    expect(findNulField({ items })).toBe('items');
    expect(findTextProblem({ items: new Array(1000).fill('a') }, 64, 100)?.kind).toBe('size');
  });

  it('finds a problem exactly at each limit (the first pass without paths and the located report agree)', () => {
    // 5 values in all (the object, the array and its three items): at the limit, then one over.
    expect(findTextProblem({ a: [1, 2, 3] }, 64, 5)).toBeNull();
    expect(findTextProblem({ a: [1, 2, 3, 4] }, 64, 5)?.kind).toBe('size');
    expect(findTextProblem([[['x']]], 3, 100)).toBeNull();
    expect(findTextProblem({ b: [[['x']]] }, 3, 100)).toMatchObject({ field: 'b.0.0', kind: 'depth' });
    expect(findTextProblem({ a: { b: ['ok', { c: 'x\0' }] } }, 4, 100)).toMatchObject({ field: 'a.b.1.c', kind: 'nul' });
    expect(findTextProblem({ a: { b: ['ok', { c: 'x\0' }] } }, 3, 100)).toMatchObject({ field: 'a.b.1', kind: 'depth' });
    expect(findTextProblem({ a: 'fine', b: [{ c: 'fine' }] }, 3, 100)).toBeNull();
  });

  it('skips raw bytes (a multipart body is checked once decoded)', () => {
    expect(findTextProblem(Buffer.alloc(10))).toBeNull();
  });
});

/**
 * No module-level mutable state in the server (docs/architecture.md#services): limiters, caches,
 * timers, pools and servers belong to the context (context.ts Services, built by services.ts), so
 * every process starts and stops them the same way. This scan of every source file (tests and the
 * test/ helpers aside) refuses, at module scope: `let`/`var`, and a `const` holding a new Map, Set,
 * WeakMap or WeakSet (typed ReadonlyMap/ReadonlySet: a constant) or an empty array or object. The
 * few memos of pure functions that stay are listed below with their reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = import.meta.dirname;

/** `file:name` → why this module-level value may stay (none holds a lifecycle: nothing to close). */
const ALLOWED: Record<string, string> = {
  'security/crypto.ts:cache': 'memo of the secret file of a data folder (same file, same bytes)',
  'security/crypto.ts:derived': 'memo of HKDF of the server secret (a pure function of its key)',
  'modules/accounts/service.ts:dummyHash': 'memo of the hash of a constant (timing-equal refusals)',
  'modules/datasets/stages/scripts.ts:classifiers': 'memo of the script classifier of a language (pure)',
  'modules/model-health/output-check.ts:scriptPatterns': 'memo of compiled patterns per language (pure)',
  'modules/reference-models/engines/transliteration-sanscript.ts:finalViramaRes': 'memo of compiled patterns per language (pure)',
  'modules/reference-models/engines/gender-pitch.ts:example': 'memo of a constant example WAV (pure)',
  'net/model-call.ts:ANSWER_BYTES':
    'the bytes a large answer arrived as, keyed weakly by that answer object (nothing shared between calls)',
};

const MUTABLE_CLASSES = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'test' && e.name !== 'node_modules') out.push(...sourceFiles(p));
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function unwrap(e: ts.Expression): ts.Expression {
  while (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) || ts.isTypeAssertionExpression(e))
    e = e.expression;
  return e;
}

/** Why the declaration `d` of a module-level statement with `flags` is mutable state, or null. */
function mutableReason(d: ts.VariableDeclaration, flags: ts.NodeFlags): string | null {
  if (!(flags & ts.NodeFlags.Const)) return 'let/var';
  if (!d.initializer) return null;
  const type = d.type?.getText() ?? '';
  if (/^Readonly(Map|Set)</.test(type)) return null;
  const init = unwrap(d.initializer);
  if (ts.isNewExpression(init) && ts.isIdentifier(init.expression) && MUTABLE_CLASSES.has(init.expression.text))
    return `new ${init.expression.text}`;
  if (ts.isArrayLiteralExpression(init) && init.elements.length === 0) return 'empty array';
  if (ts.isObjectLiteralExpression(init) && init.properties.length === 0) return 'empty object';
  return null;
}

/** Every module-level mutable declaration of the tree as `file:name (why)`. */
export function moduleState(root: string): { key: string; why: string }[] {
  const found: { key: string; why: string }[] = [];
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const st of source.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        const why = mutableReason(d, st.declarationList.flags);
        if (why) found.push({ key: `${rel}:${d.name.getText(source)}`, why });
      }
    }
  }
  return found;
}

describe('module-level state (docs/architecture.md#services)', () => {
  it('finds none outside the allow list: stateful services belong to ctx.services', () => {
    const offending = moduleState(ROOT)
      .filter((f) => !(f.key in ALLOWED))
      .map((f) => `${f.key} (${f.why})`);
    expect(offending, 'move it into a service of context.ts/services.ts, or make it a Readonly constant').toEqual([]);
  });

  it('keeps the allow list exact (an entry that no longer matches is removed)', () => {
    const keys = new Set(moduleState(ROOT).map((f) => f.key));
    expect(Object.keys(ALLOWED).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('recognises each kind of module-level state', () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'module-state-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'sample.ts'),
        [
          'let a = 0;',
          'const b = new WeakMap<object, number>();',
          'const c = new Map<string, number>();',
          'const d: string[] = [];',
          "const e: ReadonlySet<string> = new Set(['x']);",
          "const f = ['constant'];",
          'export function g() { let local = 1; return (local += 1); }',
        ].join('\n'),
      );
      expect(moduleState(dir).map((f) => `${f.key} ${f.why}`)).toEqual([
        'sample.ts:a let/var',
        'sample.ts:b new WeakMap',
        'sample.ts:c new Map',
        'sample.ts:d empty array',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

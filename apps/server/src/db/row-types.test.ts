import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One data-access style (docs/architecture.md#data-access): row types come from db/schema.ts
 * (`Selectable<…>`, `Pick<…>`, plus computed fields), never a hand-written `interface …Row` or
 * `type …Row = {`; and transactions begin in db/transaction.ts only, never with a hand-written
 * `BEGIN` nor Kysely's `transaction()`. This test reads the server's sources (tests aside) and
 * refuses a new one of either; it also holds db/schema.ts to the migrations' tables and columns.
 */

const SRC = path.resolve(import.meta.dirname, '..');

/** Shapes named …Row that are not rows of a table: file → names, each with why. */
const NOT_TABLE_ROWS: Record<string, { names: string[]; why: string }> = {
  'modules/datasets/stages/archive.ts': { names: ['RawRow'], why: 'a record as read from a submitted data file, before any table' },
  'modules/search/service.ts': {
    names: ['SearchRow'],
    why: 'the wire shape of a search named by docs/api.md, built from SearchRequestRow',
  },
  'modules/metering/service.ts': {
    names: ['KeyUsageRow'],
    why: 'a line of the usage answer and CSV (camelCase, rounded), built from key_usage',
  },
  'modules/benchmarks/scoring/test/naive/ter.ts': { names: ['Row'], why: 'a row of an edit-distance matrix in a test oracle' },
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Names of hand-written row shapes in `text`: `interface XRow` or `type XRow = {`. */
function handWrittenRows(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\binterface\s+(\w*Row)\b|\btype\s+(\w*Row)\s*(?:<[^=]*>)?\s*=\s*\{/g)) out.push(m[1] ?? m[2]);
  return out;
}

/** Whether `text` begins a transaction by hand: a quoted `BEGIN` statement, or Kysely's own `.transaction()` call. */
function beginsByHand(text: string): boolean {
  return /['"`]BEGIN\b/.test(text) || /\.transaction\(\)\s*\.execute\(/.test(text);
}

describe('row types and transactions (docs/architecture.md#data-access)', () => {
  const files = sources(SRC).map((f) => ({ rel: path.relative(SRC, f).split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));

  it('finds hand-written rows and BEGINs (the detectors work)', () => {
    expect(handWrittenRows('export interface FooRow {\n a: string }\ntype BarRow = { b: number };\ntype Ok = Pick<X, "a">;')).toEqual([
      'FooRow',
      'BarRow',
    ]);
    expect(handWrittenRows('export type FooRow = Selectable<FooTable>;')).toEqual([]);
    expect(beginsByHand("await client.query('BEGIN');")).toBe(true);
    expect(beginsByHand('`BEGIN ISOLATION LEVEL SERIALIZABLE`')).toBe(true);
    expect(beginsByHand('await db.db.transaction().execute(async (trx) => {')).toBe(true);
    expect(beginsByHand('// begins a transaction')).toBe(false);
  });

  it('has no hand-written row type outside db/schema.ts: rows are Selectable/Pick of the schema', () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .filter((f) => f.rel !== 'db/schema.ts')
      .flatMap((f) => handWrittenRows(f.text).map((name) => ({ file: f.rel, name })))
      .filter((r) => !(NOT_TABLE_ROWS[r.file]?.names ?? []).includes(r.name));
    expect(found).toEqual([]);
  });

  it('keeps the list of shapes that are not table rows exact', () => {
    const stale = Object.entries(NOT_TABLE_ROWS).flatMap(([file, { names }]) => {
      const text = files.find((f) => f.rel === file)?.text ?? '';
      return names.filter((n) => !handWrittenRows(text).includes(n)).map((n) => `${file}: ${n}`);
    });
    expect(stale).toEqual([]);
  });

  it('db/schema.ts names every table and column of the migrations, and no other', () => {
    const migrations = fs
      .readdirSync(path.join(SRC, 'db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => fs.readFileSync(path.join(SRC, 'db/migrations', f), 'utf8').replace(/--.*$/gm, ''))
      .join('\n');
    const sqlTables = new Map<string, Set<string>>();
    for (const statement of migrations.split(';')) {
      const created = /CREATE TABLE (\w+) \(([\s\S]*)\)\s*$/.exec(statement.trim());
      if (created) {
        const columns = created[2]
          .split('\n')
          .map((line) => /^\s*(\w+)\s+\w/.exec(line)?.[1])
          .filter((c): c is string => !!c && !['PRIMARY', 'UNIQUE', 'CHECK', 'CONSTRAINT', 'FOREIGN'].includes(c));
        sqlTables.set(created[1], new Set(columns));
      }
      const altered = /ALTER TABLE (\w+)/.exec(statement);
      if (altered) for (const m of statement.matchAll(/ADD COLUMN (\w+)/g)) sqlTables.get(altered[1])?.add(m[1]);
    }
    const schema = fs.readFileSync(path.join(SRC, 'db/schema.ts'), 'utf8');
    const bodies = new Map([...schema.matchAll(/export interface (\w+) \{([\s\S]*?)\n\}/g)].map((m) => [m[1], m[2]]));
    const tsTables = new Map(
      [...(bodies.get('Database') ?? '').matchAll(/^\s+(\w+): (\w+);/gm)].map((m) => [
        m[1],
        new Set([...(bodies.get(m[2]) ?? '').matchAll(/^ {2}(\w+): /gm)].map((c) => c[1])),
      ]),
    );
    // The readers see CREATE TABLE columns and later ADD COLUMNs on both sides.
    expect(sqlTables.size).toBeGreaterThan(30);
    expect([...(sqlTables.get('dataset_submissions') ?? [])]).toEqual(expect.arrayContaining(['url', 'ready_made_by', 'kind']));
    expect([...(tsTables.get('users') ?? [])]).toEqual(expect.arrayContaining(['email', 'activation_expires_at']));
    const differences = [...new Set([...sqlTables.keys(), ...tsTables.keys()])].flatMap((table) => {
      const inSql = sqlTables.get(table);
      const inTs = tsTables.get(table);
      if (!inSql || !inTs) return [`${table}: ${inSql ? 'missing from db/schema.ts' : 'in db/schema.ts but no migration creates it'}`];
      return [
        ...[...inSql].filter((c) => !inTs.has(c)).map((c) => `${table}.${c}: missing from db/schema.ts`),
        ...[...inTs].filter((c) => !inSql.has(c)).map((c) => `${table}.${c}: in db/schema.ts but not in the migrations`),
      ];
    });
    expect(differences).toEqual([]);
  });

  it('begins transactions only in db/transaction.ts', () => {
    expect(files.filter((f) => f.rel !== 'db/transaction.ts' && beginsByHand(f.text)).map((f) => f.rel)).toEqual([]);
  });
});

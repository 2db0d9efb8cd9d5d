/**
 * Parquet export of a search (docs/api.md#search-and-download): written by hyparquet-writer from
 * the search's JSON Lines file, so it holds exactly the JSON export's records, in the same order.
 * One column per top-level field (in order of first appearance): DOUBLE when every value is a
 * number, STRING when every value is a string, otherwise the value's JSON text in a STRING column;
 * a record without the field has null. Two streaming passes over the JSONL file (field kinds, then
 * row groups of PARQUET_ROW_GROUP rows), so no more than one row group of columns is in memory.
 */
import readline from 'node:readline';
import { ByteWriter, ParquetWriter, schemaFromColumnData } from 'hyparquet-writer';
import type { AppContext } from '../../context.ts';

/** Rows per Parquet row group. */
export const PARQUET_ROW_GROUP = 50_000;

type Kind = 'number' | 'string' | 'json';

async function* records(ctx: AppContext, key: string): AsyncGenerator<Record<string, unknown>> {
  const lines = readline.createInterface({ input: await ctx.store.get(key), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== '') yield JSON.parse(line) as Record<string, unknown>;
}

/** The kind of each top-level field over every record, in order of first appearance. */
async function fieldKinds(ctx: AppContext, key: string): Promise<Map<string, Kind>> {
  // null = seen only as null so far (such a field ends as a STRING column of nulls).
  const kinds = new Map<string, Kind | null>();
  for await (const r of records(ctx, key)) {
    for (const [k, v] of Object.entries(r)) {
      const seen = kinds.get(k) ?? null;
      if (v === null || v === undefined) {
        if (!kinds.has(k)) kinds.set(k, null);
        continue;
      }
      const kind: Kind = typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : 'json';
      kinds.set(k, seen === null || seen === kind ? kind : 'json');
    }
  }
  return new Map([...kinds].map(([k, kind]) => [k, kind ?? 'string']));
}

/** The Parquet cell of `v` in a column of `kind`. */
function cell(v: unknown, kind: Kind): unknown {
  if (v === undefined || v === null) return null;
  if (kind === 'json') return JSON.stringify(v);
  return v;
}

/**
 * Writes `parquetKey` from the JSON Lines file `jsonlKey` (same records, same order); returns the
 * number of rows. Throws on store errors or a malformed line.
 */
export async function writeParquetFromJsonl(ctx: AppContext, jsonlKey: string, parquetKey: string): Promise<number> {
  const kinds = [...(await fieldKinds(ctx, jsonlKey)).entries()];
  const columns = (rows: Record<string, unknown>[]) =>
    kinds.map(([name, kind]) => ({
      name,
      type: kind === 'number' ? ('DOUBLE' as const) : ('STRING' as const),
      nullable: true,
      data: rows.map((r) => cell(r[name], kind)) as unknown[] as string[],
    }));
  const out = new ByteWriter();
  const writer = new ParquetWriter({
    writer: out,
    schema: schemaFromColumnData({ columnData: columns([]) }),
    createdBy: 'ULCA search export (hyparquet-writer)',
  });
  let batch: Record<string, unknown>[] = [];
  let rows = 0;
  for await (const r of records(ctx, jsonlKey)) {
    batch.push(r);
    if (batch.length === PARQUET_ROW_GROUP) {
      await writer.write({ columnData: columns(batch), rowGroupSize: PARQUET_ROW_GROUP });
      rows += batch.length;
      batch = [];
    }
  }
  if (batch.length) {
    await writer.write({ columnData: columns(batch), rowGroupSize: PARQUET_ROW_GROUP });
    rows += batch.length;
  }
  writer.finish();
  await ctx.store.put(parquetKey, Buffer.from(out.getBytes()));
  return rows;
}

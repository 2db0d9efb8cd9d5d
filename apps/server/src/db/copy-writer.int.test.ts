import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import { CopyWriter } from './copy-writer.ts';

let database: { url: string; drop(): Promise<void> };
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('CopyWriter', () => {
  it('writes rows in COPY text (escapes, NULL) across several buffers', async () => {
    await pool.query(`CREATE TABLE copy_rows (n integer NOT NULL, t text, x double precision)`);
    const client = await pool.connect();
    try {
      const w = new CopyWriter(client, 'copy_rows', ['n', 't', 'x']);
      const odd = 'tab\there, line\nbreak, return\r, back\\slash \\N';
      await w.write([0, odd, 1.5]);
      await w.write([1, null, undefined]);
      // Enough rows to hand several buffers to the stream (back-pressure included).
      const filler = 'x'.repeat(200);
      for (let n = 2; n < 20_000; n++) await w.write([n, `${filler}\t${n}`, n / 4]);
      await w.end();
    } finally {
      client.release();
    }
    const rows = (await pool.query(`SELECT n, t, x FROM copy_rows WHERE n < 3 OR n = 19999 ORDER BY n`)).rows;
    expect(rows).toEqual([
      { n: 0, t: 'tab\there, line\nbreak, return\r, back\\slash \\N', x: 1.5 },
      { n: 1, t: null, x: null },
      { n: 2, t: `${'x'.repeat(200)}\t2`, x: 0.5 },
      { n: 19999, t: `${'x'.repeat(200)}\t19999`, x: 19999 / 4 },
    ]);
    expect((await pool.query(`SELECT count(*)::int AS c FROM copy_rows`)).rows[0].c).toBe(20_000);
  });

  it("throws the COPY's error from end()", async () => {
    await pool.query(`CREATE TABLE copy_strict (n integer NOT NULL)`);
    const client = await pool.connect();
    try {
      const w = new CopyWriter(client, 'copy_strict', ['n']);
      await w.write([null]);
      await expect(w.end()).rejects.toThrow(/null value/);
    } finally {
      // A failed COPY leaves the connection unusable: destroyed, as the pipeline does.
      client.release(true);
    }
  });
});

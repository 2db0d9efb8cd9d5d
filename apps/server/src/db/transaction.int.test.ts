import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import { createDb, type Db } from './pool.ts';
import { inTransaction } from './transaction.ts';

let database: { url: string; drop(): Promise<void> };
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 3);
  await db.pool.query(`CREATE TABLE tx_rows (n integer PRIMARY KEY)`);
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

async function rows(): Promise<number[]> {
  return (await db.pool.query(`SELECT n FROM tx_rows ORDER BY n`)).rows.map((r) => r.n as number);
}

describe('inTransaction', () => {
  it('commits what the raw client and the Kysely of the transaction wrote, and both see it inside', async () => {
    const seen = await inTransaction(db, async (tx) => {
      await tx.client.query(`INSERT INTO tx_rows (n) VALUES (1)`);
      await sql`INSERT INTO tx_rows (n) VALUES (${2})`.execute(tx.db);
      return (await tx.client.query(`SELECT count(*)::int AS c FROM tx_rows`)).rows[0].c as number;
    });
    expect(seen).toBe(2);
    expect(await rows()).toEqual([1, 2]);
  });

  it('rolls everything back and throws the error when the callback throws', async () => {
    await expect(
      inTransaction(db, async (tx) => {
        await tx.client.query(`INSERT INTO tx_rows (n) VALUES (3)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(inTransaction(db, async (tx) => tx.client.query(`INSERT INTO tx_rows (n) VALUES (1)`))).rejects.toMatchObject({
      code: '23505',
    });
    expect(await rows()).toEqual([1, 2]);
  });

  it('begins with the isolation level asked for', async () => {
    const level = await inTransaction(db, async ({ client }) => (await client.query(`SHOW transaction_isolation`)).rows[0], {
      isolation: 'repeatable read',
      readOnly: true,
    });
    expect(level).toEqual({ transaction_isolation: 'repeatable read' });
  });

  it('destroys a connection that broke inside the transaction instead of handing it out again', async () => {
    const admin = await db.pool.connect();
    try {
      await expect(
        inTransaction(db, async ({ client }) => {
          const pid = (await client.query(`SELECT pg_backend_pid() AS pid`)).rows[0].pid as number;
          await admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
          await client.query(`SELECT 1`);
        }),
      ).rejects.toMatchObject({ brokenConnection: true });
    } finally {
      admin.release();
    }
    // Every later transaction gets a working connection.
    for (let i = 0; i < 4; i++) {
      expect(await inTransaction(db, async ({ client }) => (await client.query(`SELECT 1 AS one`)).rows[0].one)).toBe(1);
    }
  });
});

/**
 * The dashboard's answer cache: a change of the rollup made in this process (publish, unpublish)
 * shows at once; one made elsewhere (another process, simulated by plain SQL) shows only when the
 * entry expires or this process publishes; with DASHBOARD_CACHE_SECONDS=0 every call reads the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { bumpLocalVersion, ROLLUP_TOPIC } from '../../db/local-versions.ts';

const SEARCH = '/ulca/data-metric/v0/store/search';
const BODY = { type: 'monolingual-corpus', criterions: null, groupby: null };

async function seed(p: TestPlatform, count: number): Promise<void> {
  await p.ctx.db.pool.query(
    `INSERT INTO record_rollup (dataset_type, source_language, target_language, domain, collection_method, submitter, record_count)
     VALUES ('monolingual-corpus', 'ta', '', 'news', 'web-scrapping-machine-readable', 'Lab T', $1)
     ON CONFLICT (dataset_type, source_language, target_language, domain, collection_method, submitter) DO UPDATE SET record_count = EXCLUDED.record_count`,
    [count],
  );
}

async function tamil(p: TestPlatform): Promise<number | undefined> {
  const res = await p.app.inject({ method: 'POST', url: SEARCH, payload: BODY });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { _id: string; value: number }[] }).data.find((d) => d._id === 'ta')?.value;
}

describe('dashboard answer cache', () => {
  let cached: TestPlatform;
  let uncached: TestPlatform;
  beforeAll(async () => {
    cached = await createTestPlatform({ config: { dashboardCacheSeconds: 3600 } });
    uncached = await createTestPlatform({ config: { dashboardCacheSeconds: 0 } });
  });
  afterAll(async () => {
    await cached?.close();
    await uncached?.close();
  });

  it('serves a repeated view from memory until this process changes the rollup', async () => {
    await seed(cached, 10);
    expect(await tamil(cached)).toBe(10);
    // Another process publishes: this one keeps its answer for the entry's lifetime.
    await seed(cached, 25);
    expect(await tamil(cached)).toBe(10);
    // This process publishes (publish and unpublish bump the rollup topic after committing).
    bumpLocalVersion(cached.ctx.db, ROLLUP_TOPIC);
    expect(await tamil(cached)).toBe(25);
  });

  it('with the cache off, every call reads the rollup', async () => {
    await seed(uncached, 10);
    expect(await tamil(uncached)).toBe(10);
    await seed(uncached, 25);
    expect(await tamil(uncached)).toBe(25);
  });
});

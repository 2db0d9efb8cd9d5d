import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser } from '../test/users.ts';
import { startTestModelServer, type TestModelServer } from '../test/model-server.ts';
import { insertTestModel } from '../test/models.ts';
import { spawnWorkerProcess } from '../test/server-process.ts';
import { closeAll } from '../test/platform-hook.ts';

let p: TestPlatform;
let ms: TestModelServer;

beforeAll(async () => {
  p = await createTestPlatform();
  ms = await startTestModelServer();
});

afterAll(() => closeAll(p, ms));

describe('a worker stopped during a health round', () => {
  it('stops within seconds and records nothing for the model whose call it cut', async () => {
    const user = await createSignedInUser(p);
    const hang = await insertTestModel(p.ctx, { userId: user.userId, callbackUrl: ms.url('hang/translation'), name: 'Hangs' });
    const lines: string[] = [];
    const out = () => lines.join('\n');
    const child = spawnWorkerProcess(
      {
        ULCA_DATA_DIR: p.dataDir,
        DATABASE_URL: p.ctx.config.databaseUrl!,
        MODEL_HEALTH_INTERVAL_MINUTES: '15',
        MODEL_HEALTH_TIMEOUT_MS: '20000',
      },
      lines,
    );
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      // The schedule offers the slot's round at start; the worker takes it and calls the hanging model.
      const deadline = Date.now() + 60_000;
      while (!ms.calls.some((c) => c.path.includes('hang')) && Date.now() < deadline && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 100));
      expect(
        ms.calls.some((c) => c.path.includes('hang')),
        out(),
      ).toBe(true);
      const stopAt = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      const took = Date.now() - stopAt;
      expect(code, out()).toBe(0);
      expect(took).toBeLessThan(5000);
      expect(out()).toContain('model health round stopped by shutdown');
      const row = await p.ctx.db.pool.query(`SELECT status FROM model_health WHERE model_id = $1`, [hang]);
      expect(row.rows).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

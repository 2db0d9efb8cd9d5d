import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { PUBLIC } from './access.ts';
import { MissingRouteAccessError } from './route-access.ts';

/** The real app refuses to start with a route that does not say who may call it (docs/api.md#who-may-call-what). */
describe('route access at start-up', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await createTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('starts when every route declares its access', async () => {
    const app = await buildApp(platform.ctx, { logger: false });
    void app.register(async (scope) => {
      scope.get('/ulca/apis/v0/declared', { config: { access: PUBLIC } }, async () => ({ ok: true }));
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/ulca/apis/v0/declared' })).statusCode).toBe(200);
    expect(app.routeAccess.routes.length).toBeGreaterThan(70);
    await app.close();
  });

  it('refuses to start with a route that declares no access', async () => {
    const app = await buildApp(platform.ctx, { logger: false });
    void app.register(async (scope) => {
      scope.post('/ulca/apis/v0/undeclared', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(MissingRouteAccessError);
    await app.close().catch(() => undefined);
  });
});

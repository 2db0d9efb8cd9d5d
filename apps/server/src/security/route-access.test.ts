import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ADMIN_ONLY } from '@ulca/contracts';
import { API_KEY, OPTIONAL_SIGNATURE, PUBLIC, signedIn } from './access.ts';
import { MissingRouteAccessError, registerRouteAccess } from './route-access.ts';

/** A bare Fastify app with the route-access collector, as buildApp installs it first. */
function appWithCollector() {
  const app = Fastify({ logger: false });
  registerRouteAccess(app);
  return app;
}

describe('route access declarations', () => {
  it('refuses to start an app with a route that declares no access', async () => {
    const app = appWithCollector();
    app.get('/declared', { config: { access: PUBLIC } }, async () => ({ ok: true }));
    // Registered inside a plugin, as every feature's routes are: the start (ready) fails.
    void app.register(async (scope) => {
      scope.post('/undeclared', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(MissingRouteAccessError);
    await expect(app.ready()).rejects.toThrow(/POST \/undeclared declares no access/);
    await app.close().catch(() => undefined);
  });

  it('refuses a route without access registered directly on the app', () => {
    const app = appWithCollector();
    expect(() => app.get('/undeclared', async () => ({ ok: true }))).toThrow(MissingRouteAccessError);
  });

  it('collects every route with its access (HEAD routes of GETs too)', async () => {
    const app = appWithCollector();
    app.get('/a', { config: { access: signedIn(ADMIN_ONLY) } }, async () => ({}));
    app.post('/b', { config: { access: OPTIONAL_SIGNATURE }, schema: { hide: true } }, async () => ({}));
    app.post('/c', { config: { access: API_KEY } }, async () => ({}));
    await app.ready();
    const seen = app.routeAccess.routes.map((r) => `${r.method} ${r.url} ${r.access.kind} ${r.hidden}`);
    expect(seen).toEqual(['GET /a signed-in false', 'HEAD /a signed-in false', 'POST /b optional-signature true', 'POST /c api-key false']);
    expect(app.routeAccess.routes[0].access).toEqual({ kind: 'signed-in', roles: ['ADMIN'] });
    await app.close();
  });

  it("gives a plugin's undeclared routes the access declared for them, and only during its registration", async () => {
    const app = appWithCollector();
    await app.routeAccess.declarePluginRoutes(PUBLIC, () =>
      app.register(async (scope) => {
        scope.get('/plugin/page', async () => 'page');
      }),
    );
    expect(app.routeAccess.routes.filter((r) => r.url === '/plugin/page').map((r) => [r.method, r.access.kind, r.plugin])).toEqual([
      ['GET', 'public', true],
      ['HEAD', 'public', true],
    ]);
    expect(() => app.get('/after', async () => 'x')).toThrow(MissingRouteAccessError);
    const res = await app.inject({ method: 'GET', url: '/plugin/page' });
    expect(res.statusCode).toBe(200);
    await app.close();
  });
});

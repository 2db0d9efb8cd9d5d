import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ROLES, type Role } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser, type TestUser } from '../test/users.ts';
import type { AccessSample, AccessSamples, MatrixFixture, SampleRequest } from '../test/access-matrix.ts';
import type { RouteAccess } from './access.ts';
import type { DeclaredRoute } from './route-access.ts';
import { signedHeaders } from './signing.ts';
import { sampleFromOperation, type OpenApiDoc } from './openapi-sample.ts';

/**
 * The authorisation matrix (docs/api.md#who-may-call-what): every route
 * the app registers (app.routeAccess, each with the access it declares) × {anonymous, key header
 * only, wrong signature, a valid signature replayed with another body, a call signed for another
 * route replayed on this one, each role (and that same signed call sent a second time), another
 * user's resource} → the status its declared access implies, with the request of its entry in
 * test/access-samples/<feature>.ts. A documented route without an entry, an entry without a
 * route, or an undocumented route that is not PUBLIC fails.
 */

/** Every feature's ACCESS_SAMPLES (test/access-samples/<feature>.ts), merged; a key twice throws. */
async function loadSamples(): Promise<AccessSamples> {
  const folder = new URL('../test/access-samples/', import.meta.url);
  const all: AccessSamples = {};
  for (const name of fs.readdirSync(folder).sort()) {
    if (!name.endsWith('.ts')) continue;
    const { ACCESS_SAMPLES } = (await import(new URL(name, folder).href)) as { ACCESS_SAMPLES: AccessSamples };
    for (const [route, sample] of Object.entries(ACCESS_SAMPLES)) {
      if (route in all) throw new Error(`${route} has entries in two files of test/access-samples/`);
      all[route] = sample;
    }
  }
  return all;
}

const SAMPLES = await loadSamples();

/** `'METHOD /path'` of a registered route, the path as in the OpenAPI document (`:id` → `{id}`). */
const routeKey = (r: Pick<DeclaredRoute, 'method' | 'url'>): string => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Tampering = 'anonymous' | 'key only' | 'wrong signature' | 'replayed signature' | 'cross-route replay';
type Principal = Tampering | Role;

let platform: TestPlatform;
let fx: MatrixFixture;
let doc: OpenApiDoc;
let documented: string[] = [];
/** Declared access of each route the app registered, by {@link routeKey} (HEAD routes left out). */
const declared = new Map<string, DeclaredRoute>();

/** The declared access of `route`; fails when the app has no such route. */
function accessOf(route: string): RouteAccess {
  const r = declared.get(route);
  expect(r, `test/access-samples/ has '${route}', which the app does not register`).toBeDefined();
  return r!.access;
}

/** The roles a route admits: its signedIn list, or every role. */
const rolesOf = (access: RouteAccess): readonly Role[] => (access.kind === 'signed-in' ? (access.roles ?? ROLES) : ROLES);

/**
 * The request `req` as `user` with its signature headers tampered with as `how` says; for
 * 'cross-route replay', signed (validly) for `other` (method and path of another route) instead.
 */
function prepare(
  method: string,
  req: Required<Pick<SampleRequest, 'url'>> & SampleRequest,
  user: TestUser | undefined,
  how: 'none' | 'signed' | 'key only' | 'wrong signature' | 'replayed signature' | 'cross-route replay',
  other?: { method: string; url: string },
): InjectOptions {
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const raw = hasBody ? JSON.stringify(req.body ?? {}) : undefined;
  let url = req.url;
  let payload = raw;
  let headers: Record<string, string> = { ...(req.headers ?? {}) };
  if (raw !== undefined) headers['content-type'] = 'application/json';
  if (user && how !== 'none') {
    const h = signedHeaders(user, { method, url, body: raw });
    if (how === 'signed') headers = { ...headers, ...h };
    if (how === 'key only') headers.key = h.key;
    if (how === 'wrong signature')
      headers = {
        ...headers,
        ...h,
        sig: signedHeaders({ publicKey: user.publicKey, privateKey: crypto.randomBytes(32).toString('hex') }, { method, url, body: raw })
          .sig,
      };
    if (how === 'replayed signature') {
      headers = { ...headers, ...h };
      // Same meaning, other bytes: passes the route's validation, so only the signature check can refuse it.
      if (raw !== undefined) payload = ` ${raw}`;
      // (inject drops a bare trailing '?', so a path without a query gets an unknown parameter).
      else url = url.includes('?') ? `${url}&` : `${url}?replayed=1`;
    }
    // A valid call captured on another route, its headers and body sent to this one.
    if (how === 'cross-route replay')
      headers = { ...headers, ...signedHeaders(user, { method: other!.method, url: other!.url, body: raw }) };
  }
  return { method: method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) };
}

/** Sends `req` as `user` with its signature headers tampered with as `how` says (see {@link prepare}). */
async function send(...args: Parameters<typeof prepare>): Promise<LightMyRequestResponse> {
  return platform.app.inject(prepare(...args));
}

/** The status check of an admitted caller. */
function expectAdmitted(route: string, who: string, policy: AccessSample, res: LightMyRequestResponse): void {
  const what = `${route} as ${who}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (policy.okStatus !== undefined) {
    expect(res.statusCode, what).toBe(policy.okStatus);
    return;
  }
  expect([401, 403], what).not.toContain(res.statusCode);
  expect(res.statusCode, what).toBeLessThan(500);
}

beforeAll(async () => {
  // Every sample comes from one address; sign-up throttling has its own test (signup.rate-limit.int.test.ts).
  platform = await createTestPlatform({ config: { signupMaxPerIpPerHour: 1000 } });
  const users = {} as Record<Role, TestUser>;
  for (const role of ROLES) users[role] = await createSignedInUser(platform, [role]);
  fx = {
    app: platform.app,
    ctx: platform.ctx,
    users,
    createUser: (roles = ['CONTRIBUTOR-USER']) => createSignedInUser(platform, roles),
    call: (user, method, url, body) => send(method.toUpperCase(), { url, body }, user, user ? 'signed' : 'none'),
  };
  doc = (await platform.app.inject({ method: 'GET', url: '/ulca/docs/json' })).json() as OpenApiDoc;
  documented = Object.entries(doc.paths).flatMap(([p, ops]) => METHODS.filter((m) => ops[m]).map((m) => `${m.toUpperCase()} ${p}`));
  for (const r of platform.app.routeAccess.routes) if (r.method !== 'HEAD') declared.set(routeKey(r), r);
});

afterAll(async () => {
  await platform?.close();
});

describe('authorisation matrix', () => {
  it('has samples for every documented route, and every other route is public', () => {
    const own = [...declared.entries()].filter(([, r]) => !r.plugin && !r.hidden).map(([k]) => k);
    expect(own.sort(), 'the routes the app declares are those of the OpenAPI document').toEqual([...documented].sort());
    const missing = documented.filter((r) => !(r in SAMPLES));
    expect(missing, `routes without an entry in test/access-samples/<feature>.ts: ${missing.join(', ')}`).toEqual([]);
    const closed = [...declared.entries()].filter(([k, r]) => !documented.includes(k) && r.access.kind !== 'public').map(([k]) => k);
    expect(closed, 'undocumented routes (plugins, hidden) must be PUBLIC').toEqual([]);
    expect(documented.length).toBeGreaterThan(10);
  });

  for (const [route, policy] of Object.entries(SAMPLES)) {
    it(route, async () => {
      expect(documented, `test/access-samples/ has '${route}', which is not in the OpenAPI document`).toContain(route);
      const access = accessOf(route);
      const signed = access.kind === 'signed-in';
      // SIGNATURE_OR_API_KEY checks a signature as OPTIONAL_SIGNATURE does (and an API key when sent).
      const optionalSignature = access.kind === 'optional-signature' || access.kind === 'signature-or-api-key';
      expect(policy.owner !== undefined, `${route}: 'owner' (a check or null) is given exactly for signedIn routes`).toBe(signed);
      if (!signed) expect(policy.freshSession, `${route}: freshSession is for signedIn routes`).toBeUndefined();
      const [method, path] = route.split(' ');
      const op = doc.paths[path][method.toLowerCase() as (typeof METHODS)[number]]!;
      const build = async (caller: TestUser) => {
        const given = policy.sample ? await policy.sample({ fx, caller }) : {};
        const generated = sampleFromOperation(doc, path, op, caller.userId);
        return { ...generated, ...given, url: given.url ?? generated.url, body: 'body' in given ? given.body : generated.body };
      };
      const admin = fx.users.ADMIN;
      const statuses: Partial<Record<Principal, number>> = {};

      // Tampered or missing signatures, with a request an ADMIN could make.
      const tampered: [Tampering, Parameters<typeof send>[3]][] = [
        ['anonymous', 'none'],
        ['key only', 'key only'],
        ['wrong signature', 'wrong signature'],
        ['replayed signature', 'replayed signature'],
        ['cross-route replay', 'cross-route replay'],
      ];
      const other = otherRoute(route);
      for (const [who, how] of tampered) {
        const res = await send(method, await build(admin), admin, how, other);
        statuses[who] = res.statusCode;
        const refused = signed || (optionalSignature && who !== 'anonymous');
        if (refused) expect(res.statusCode, `${route} as ${who}: ${res.body.slice(0, 300)}`).toBe(401);
        else expectAdmitted(route, who, policy, res);
      }

      // Each role, correctly signed.
      for (const role of ROLES) {
        let caller = fx.users[role];
        if (policy.freshSession) caller = { ...caller, ...(await freshSession(caller)) };
        const request = prepare(method, await build(caller), caller, 'signed');
        const res = await platform.app.inject(request);
        statuses[role] = res.statusCode;
        if (!rolesOf(access).includes(role)) {
          expect(res.statusCode, `${route} as ${role}: ${res.body.slice(0, 300)}`).toBe(403);
        } else {
          expectAdmitted(route, role, policy, res);
        }
        // The very same signed call again: its nonce is spent.
        if (optionalSignature || signed) {
          const again = await platform.app.inject(request);
          expect(again.statusCode, `${route} as ${role}, sent twice: ${again.body.slice(0, 300)}`).toBe(401);
        }
      }

      // A route taking a signature or an API key, with a key that is not one.
      if (access.kind === 'signature-or-api-key') {
        const generated = await build(admin);
        const res = await send(
          method,
          { ...generated, headers: { ...generated.headers, ulcaApiKey: 'ulca_000000000000.not-a-key' } },
          undefined,
          'none',
        );
        expect(res.statusCode, `${route} with an invalid API key: ${res.body.slice(0, 300)}`).toBe(401);
      }

      // An API-key route without its key.
      if (access.kind === 'api-key') {
        const res = await send(method, { ...(await build(admin)), headers: {} }, undefined, 'none');
        expect(res.statusCode, `${route} without its API key: ${res.body.slice(0, 300)}`).toBe(401);
      }

      // Another user's resource.
      if (signed && policy.owner) {
        const role = policy.owner.role ?? 'CONTRIBUTOR-USER';
        expect(rolesOf(access), `${route}: owner role ${role} may not call the route`).toContain(role);
        expect(role).not.toBe('ADMIN');
        const owner = await fx.createUser([role]);
        const intruder = await fx.createUser([role]);
        const req = await policy.owner.request(fx, owner, intruder);
        const generated = sampleFromOperation(doc, path, op, intruder.userId);
        const res = await send(method, { ...generated, ...req, url: req.url ?? generated.url }, intruder, 'signed');
        expect(res.statusCode, `${route}: another user's resource: ${res.body.slice(0, 300)}`).toBe(policy.owner.expect);
      }
      expect(Object.keys(statuses)).toHaveLength(tampered.length + ROLES.length);
    });
  }
});

/** Method and path of the next route of SAMPLES with another path (for cross-route replays). */
function otherRoute(route: string): { method: string; url: string } {
  const routes = Object.keys(SAMPLES);
  const path = route.split(' ')[1];
  const i = routes.indexOf(route);
  const next = [...routes.slice(i + 1), ...routes.slice(0, i)].find((r) => r.split(' ')[1] !== path)!;
  const [method, url] = next.split(' ');
  return { method, url };
}

/** A second session of `user` (for samples that end the session that signs them). */
async function freshSession(user: TestUser): Promise<{ publicKey: string; privateKey: string }> {
  const res = await platform.app.inject({
    method: 'POST',
    url: '/ulca/user-mgmt/v1/users/login',
    payload: { authenticator: 'ULCA', data: { email: user.email, password: user.password } },
  });
  return res.json().data.userKeys;
}

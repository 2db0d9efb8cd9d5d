import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser, type TestUser } from '../test/users.ts';
import { ROLES, type Role } from './roles.ts';
import { signedHeaders } from './signing.ts';
import { ROUTE_POLICIES, type MatrixFixture, type RoutePolicy, type SampleRequest } from './route-policies.ts';
import { sampleFromOperation, type OpenApiDoc } from './openapi-sample.ts';

/**
 * The authorisation matrix (issue #4 §4, issue #9 §2): every route of the OpenAPI document ×
 * {anonymous, key header only, wrong signature, a valid signature replayed with another body, a
 * call signed for another route replayed on this one, each role (and that same signed call sent a
 * second time), another user's resource} → the status its entry in route-policies.ts implies. A
 * route without an entry, or an entry without a route, fails.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Tampering = 'anonymous' | 'key only' | 'wrong signature' | 'replayed signature' | 'cross-route replay';
type Principal = Tampering | Role;

let platform: TestPlatform;
let fx: MatrixFixture;
let doc: OpenApiDoc;
let documented: string[] = [];

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
    if (how === 'wrong signature') headers = { ...headers, ...h, sig: signedHeaders({ publicKey: user.publicKey, privateKey: crypto.randomBytes(32).toString('hex') }, { method, url, body: raw }).sig };
    if (how === 'replayed signature') {
      headers = { ...headers, ...h };
      // Same meaning, other bytes: passes the route's validation, so only the signature check can refuse it.
      if (raw !== undefined) payload = ` ${raw}`;
      // (inject drops a bare trailing '?', so a path without a query gets an unknown parameter).
      else url = url.includes('?') ? `${url}&` : `${url}?replayed=1`;
    }
    // A valid call captured on another route, its headers and body sent to this one.
    if (how === 'cross-route replay') headers = { ...headers, ...signedHeaders(user, { method: other!.method, url: other!.url, body: raw }) };
  }
  return { method: method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) };
}

/** Sends `req` as `user` with its signature headers tampered with as `how` says (see {@link prepare}). */
async function send(...args: Parameters<typeof prepare>): Promise<LightMyRequestResponse> {
  return platform.app.inject(prepare(...args));
}

/** The status check of an admitted caller. */
function expectAdmitted(route: string, who: string, policy: RoutePolicy, res: LightMyRequestResponse): void {
  const what = `${route} as ${who}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (policy.okStatus !== undefined) {
    expect(res.statusCode, what).toBe(policy.okStatus);
    return;
  }
  expect([401, 403], what).not.toContain(res.statusCode);
  expect(res.statusCode, what).toBeLessThan(500);
}

beforeAll(async () => {
  // Every sample comes from one address; sign-up throttling has its own test (signup-limits.int.test.ts).
  platform = await createTestPlatform({ config: { signupMaxPerIpPerHour: 1000 } });
  const users = {} as Record<Role, TestUser>;
  for (const role of ROLES) users[role] = await createSignedInUser(platform, [role]);
  fx = {
    app: platform.app,
    ctx: platform.ctx,
    users,
    createUser: (roles = ['CONTRIBUTOR-USER']) => createSignedInUser(platform, roles),
    call: (user, method, url, body) =>
      send(method.toUpperCase(), { url, body }, user, user ? 'signed' : 'none'),
  };
  doc = (await platform.app.inject({ method: 'GET', url: '/ulca/docs/json' })).json() as OpenApiDoc;
  documented = Object.entries(doc.paths).flatMap(([p, ops]) => METHODS.filter((m) => ops[m]).map((m) => `${m.toUpperCase()} ${p}`));
});

afterAll(async () => {
  await platform?.close();
});

describe('authorisation matrix', () => {
  it('has a policy for every route of the OpenAPI document', () => {
    const missing = documented.filter((r) => !(r in ROUTE_POLICIES));
    expect(missing, `routes without an entry in security/route-policies.ts: ${missing.join(', ')}`).toEqual([]);
    expect(documented.length).toBeGreaterThan(10);
  });

  for (const [route, policy] of Object.entries(ROUTE_POLICIES)) {
    it(route, async () => {
      expect(documented, `route-policies.ts has '${route}', which is not in the OpenAPI document`).toContain(route);
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
        const refused = policy.access === 'signed' || (policy.access === 'optional' && who !== 'anonymous');
        if (refused) expect(res.statusCode, `${route} as ${who}: ${res.body.slice(0, 300)}`).toBe(401);
        else expectAdmitted(route, who, policy, res);
      }

      // Each role, correctly signed.
      for (const role of ROLES) {
        let caller = fx.users[role];
        if (policy.access === 'signed' && policy.freshSession) caller = { ...caller, ...(await freshSession(caller)) };
        const request = prepare(method, await build(caller), caller, 'signed');
        const res = await platform.app.inject(request);
        statuses[role] = res.statusCode;
        if (policy.access === 'signed' && !policy.roles.includes(role)) {
          expect(res.statusCode, `${route} as ${role}: ${res.body.slice(0, 300)}`).toBe(403);
        } else {
          expectAdmitted(route, role, policy, res);
        }
        // The very same signed call again: its nonce is spent.
        if (policy.access !== 'public') {
          const again = await platform.app.inject(request);
          expect(again.statusCode, `${route} as ${role}, sent twice: ${again.body.slice(0, 300)}`).toBe(401);
        }
      }

      // Another user's resource.
      if (policy.access === 'signed' && policy.owner) {
        const role = policy.owner.role ?? 'CONTRIBUTOR-USER';
        expect(policy.roles, `${route}: owner role ${role} may not call the route`).toContain(role);
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

/** Method and path of the next route of ROUTE_POLICIES with another path (for cross-route replays). */
function otherRoute(route: string): { method: string; url: string } {
  const routes = Object.keys(ROUTE_POLICIES);
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

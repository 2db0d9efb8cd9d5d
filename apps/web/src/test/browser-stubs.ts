import { afterAll, beforeAll, vi } from 'vitest';

/** A stored session as lib/session.ts keeps it under 'ulca.session' (for tests). */
export interface StoredSessionUser {
  userID: string;
  email: string;
  firstName: string;
  roles: string[];
}

/**
 * For unit tests in Node: stubs `window` (no listeners) and `localStorage` holding a signed-in
 * session of `user` (keys 'pub'/'priv'), which lib/api-client.ts reads. Call before importing the
 * API modules (import them dynamically in beforeAll); undo with vi.unstubAllGlobals().
 */
export function stubSignedInBrowser(user: StoredSessionUser): void {
  const store = new Map<string, string>([
    ['ulca.session', JSON.stringify({ userDetails: user, userKeys: { publicKey: 'pub', privateKey: 'priv' } })],
  ]);
  vi.stubGlobal('window', { addEventListener: () => {} });
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
}

/**
 * A test file's API modules, loaded for a signed-in `user`: stubs the browser as
 * {@link stubSignedInBrowser}, loads `load`'s modules before the file's tests (they read the session
 * when loaded) and unstubs the globals after them. The returned object is filled in before the first test.
 */
export function signedInModules<T extends object>(user: StoredSessionUser, load: () => Promise<T>): T {
  stubSignedInBrowser(user);
  const modules = {} as T;
  beforeAll(async () => {
    Object.assign(modules, await load());
  });
  afterAll(() => vi.unstubAllGlobals());
  return modules;
}

/** Answers every fetch with JSON `body` and `status`; returns the list the calls are recorded in. */
export function serveJson(status: number, body: unknown): { url: string; init: RequestInit }[] {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubSignedInBrowser } from '../test/browser-stubs.ts';

// A signed-in browser whose storage can be cleared (clearSession empties both storages).
stubSignedInBrowser({ userID: 'u-7', email: 'asha@example.org', firstName: 'Asha', roles: ['CONTRIBUTOR-USER'] });
const stored = localStorage as unknown as { clear?: () => void };
const cleared = vi.fn();
stored.clear = cleared;
vi.stubGlobal('sessionStorage', { clear: () => {} });

let client: typeof import('./api-client.ts');
let session: typeof import('./session.ts');
beforeAll(async () => {
  client = await import('./api-client.ts');
  session = await import('./session.ts');
});
afterAll(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('a session ended on the server', () => {
  it('other 401s (a replayed signature) leave the session as it is', async () => {
    const seen: boolean[] = [];
    const off = client.onUnauthorized(({ sessionEnded }) => seen.push(sessionEnded));
    answer(401, { message: 'replayed', code: 'SIGNATURE_REPLAYED' });
    await expect(client.apiRequest('GET', '/ulca/a')).rejects.toMatchObject({ status: 401 });
    off();
    expect(seen).toEqual([false]);
    expect(session.getSession()).not.toBeNull();
    expect(client.sessionEndedByServer()).toBe(false);
    expect(cleared).not.toHaveBeenCalled();
  });

  it('SESSION_ENDED to a signed call clears the stored session at once and tells the listeners', async () => {
    const seen: { sessionEnded: boolean; signedIn: boolean }[] = [];
    const off = client.onUnauthorized(({ sessionEnded }) => seen.push({ sessionEnded, signedIn: session.getSession() !== null }));
    answer(401, { message: 'Your session has ended. Please sign in to continue.', code: 'SESSION_ENDED' });
    await expect(client.apiRequest('GET', '/ulca/b')).rejects.toMatchObject({ status: 401, code: 'SESSION_ENDED' });
    off();
    expect(seen).toEqual([{ sessionEnded: true, signedIn: false }]);
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(client.sessionEndedByServer()).toBe(true);
    client.dismissSessionEnded();
    expect(client.sessionEndedByServer()).toBe(false);
  });

  it('a 401 to an unsigned call (no session left) ends nothing', async () => {
    const seen: boolean[] = [];
    const off = client.onUnauthorized(({ sessionEnded }) => seen.push(sessionEnded));
    answer(401, { message: 'ended', code: 'SESSION_ENDED' });
    await expect(client.apiRequest('GET', '/ulca/c')).rejects.toMatchObject({ status: 401 });
    off();
    expect(seen).toEqual([false]);
    expect(client.sessionEndedByServer()).toBe(false);
  });
});

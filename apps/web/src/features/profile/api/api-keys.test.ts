import { describe, expect, it } from 'vitest';
import { serveJson, signedInModules } from '../../../test/browser-stubs.ts';

// The api client reads the session from browser storage; give it a signed-in user in Node.
const api = signedInModules(
  { userID: 'u-7', email: 'asha@example.org', firstName: 'Asha', roles: ['CONTRIBUTOR-USER'] },
  () => import('./api-keys.ts'),
);

const sent = (c: { init: RequestInit }) => JSON.parse(String(c.init.body)) as unknown;
const headers = (c: { init: RequestInit }) => c.init.headers as Record<string, string>;

describe('API key calls', () => {
  it('lists the keys, signed, as the server answers them', async () => {
    const calls = serveJson(200, {
      message: 'API keys',
      data: [
        {
          appName: 'Bot',
          ulcaApiKey: 'ulca_0123456789ab',
          createdOn: '2026-11-21T10:00:00Z',
          serviceProviderKeys: [{ serviceProviderName: 'ulca-reference-models', inferenceApiKey: null, dataTracking: false }],
        },
      ],
    });
    const rows = await api.fetchApiKeys('u-7');
    expect(calls[0].url).toBe('/ulca/user-mgmt/v1/users/getApiKeysForProfile');
    expect(sent(calls[0])).toEqual({ userID: 'u-7' });
    expect(headers(calls[0]).key).toBe('pub');
    expect(rows[0].serviceProviderKeys[0]).toEqual({
      serviceProviderName: 'ulca-reference-models',
      inferenceApiKey: null,
      dataTracking: false,
    });
  });
  it('generates a key and returns the full key of the answer', async () => {
    const full = 'ulca_0123456789ab.' + 'x'.repeat(43);
    const calls = serveJson(200, { message: 'API key generated.', data: { appName: 'Bot', ulcaApiKey: full, serviceProviderKeys: [] } });
    const res = await api.generateApiKey({ userID: 'u-7', appName: 'Bot' });
    expect(calls[0].url).toBe('/ulca/user-mgmt/v1/users/generateApiKey');
    expect(sent(calls[0])).toEqual({ userID: 'u-7', appName: 'Bot' });
    expect(res.data.ulcaApiKey).toBe(full);
  });
  it("passes a refused name's message on (409)", async () => {
    serveJson(409, { code: 'CONFLICT', message: 'An API key for this app already exists.' });
    await expect(api.generateApiKey({ userID: 'u-7', appName: 'Bot' })).rejects.toMatchObject({
      status: 409,
      message: 'An API key for this app already exists.',
    });
  });
  it('revokes, removes provider keys and toggles data tracking with the contract bodies', async () => {
    const calls = serveJson(200, { message: 'done' });
    const p = { userID: 'u-7', ulcaApiKey: 'ulca_0123456789ab', serviceProviderName: 'ulca-reference-models' };
    await api.revokeApiKey({ userID: 'u-7', ulcaApiKey: 'ulca_0123456789ab' });
    await api.removeServiceProviderKey(p);
    expect(await api.toggleDataTracking({ ...p, dataTracking: true })).toBe('done');
    expect(calls.map((c) => c.url.split('/').pop())).toEqual(['revokeApiKey', 'removeServiceProviderKey', 'dataTrackingToggle']);
    expect(sent(calls[0])).toEqual({ userID: 'u-7', ulcaApiKey: 'ulca_0123456789ab' });
    expect(sent(calls[1])).toEqual(p);
    expect(sent(calls[2])).toEqual({ ...p, dataTracking: true });
    expect(calls.every((c) => headers(c).sig)).toBe(true);
  });
  it('generates a provider key and returns its full value', async () => {
    const p = { userID: 'u-7', ulcaApiKey: 'ulca_0123456789ab', serviceProviderName: 'ulca-reference-models' };
    const calls = serveJson(200, {
      message: 'Service provider key generated.',
      data: {
        serviceProviderName: p.serviceProviderName,
        inferenceApiKey: { name: 'Authorization', value: 'full-secret-value' },
        dataTracking: false,
      },
    });
    const res = await api.generateServiceProviderKey(p);
    expect(sent(calls[0])).toEqual(p);
    expect(res.data.inferenceApiKey.value).toBe('full-secret-value');
  });
});

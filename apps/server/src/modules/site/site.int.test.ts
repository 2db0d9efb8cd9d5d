import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';

describe('GET site/footer (docs/configuration.md#server)', () => {
  let configured: TestPlatform;
  let bare: TestPlatform;
  beforeAll(async () => {
    configured = await createTestPlatform({
      config: {
        site: {
          address: 'New Delhi',
          phone: '+91 11 0000 0000',
          appStoreUrl: 'https://apps.apple.com/app/id1',
          social: [{ network: 'x', url: 'https://x.com/ulca' }],
        },
      },
    });
    bare = await createTestPlatform();
  });
  afterAll(async () => {
    await configured?.close();
    await bare?.close();
  });

  it('answers the configured items to anyone, and nothing unset', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/ulca/apis/v0/site/footer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      address: 'New Delhi',
      phone: '+91 11 0000 0000',
      appStoreUrl: 'https://apps.apple.com/app/id1',
      social: [{ network: 'x', url: 'https://x.com/ulca' }],
    });
    const none = await bare.app.inject({ method: 'GET', url: '/ulca/apis/v0/site/footer' });
    expect(none.json()).toEqual({ social: [] });
  });
});

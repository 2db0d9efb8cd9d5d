/**
 * main.tsx makes zod jitless in the browser by setting its configuration object on globalThis
 * before zod loads (docs/benchmarks.md#web): this holds only while zod keeps its configuration
 * there. A zod upgrade that moves it fails here instead of silently probing `new Function`
 * against the CSP again.
 */
import { describe, expect, it } from 'vitest';

describe("zod's configuration", () => {
  it('is the object on globalThis.__zod_globalConfig that main.tsx sets', async () => {
    const core = await import('zod/v4/core');
    const onGlobal = (globalThis as { __zod_globalConfig?: object }).__zod_globalConfig;
    expect(onGlobal).toBeDefined();
    expect(core.globalConfig).toBe(onGlobal);
  });
});

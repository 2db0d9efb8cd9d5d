/**
 * The set-up most integration tests share (docs/architecture.md#tests): a test platform and its signed-in
 * users, created before the file's (or describe's) tests and closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestPlatform, type TestPlatform } from './harness.ts';
import { createSignedInUser, type TestUser } from './users.ts';

/** The options of createTestPlatform (config overrides, workers, reference models). */
export type TestPlatformOptions = NonNullable<Parameters<typeof createTestPlatform>[0]>;

/**
 * Registers beforeAll: creates a test platform with `options.platform`, then one signed-in user per
 * entry of `options.users` (each its roles; created in that order), and hands both to `ready`, which keeps them
 * and may finish the set-up. Registers afterAll: closes the platform (also after a failed set-up).
 * `timeoutMs` is beforeAll's (vitest's default when omitted). Call at the top of a test file or inside a describe.
 */
export function useTestPlatform(
  options: { platform?: TestPlatformOptions; users?: readonly (readonly string[])[] },
  ready: (p: TestPlatform, users: TestUser[]) => void | Promise<void>,
  timeoutMs?: number,
): void {
  let platform: TestPlatform | undefined;
  beforeAll(async () => {
    const p = await createTestPlatform(options.platform);
    platform = p;
    // One after another: tests read the users' creation order (e.g. the admin's newest-first list).
    const users: TestUser[] = [];
    for (const roles of options.users ?? []) users.push(await createSignedInUser(p, [...roles]));
    await ready(p, users);
  }, timeoutMs);
  afterAll(async () => {
    await platform?.close();
  });
}

/** Closes each of `things` in order (an afterAll's clean-up), skipping what a failed set-up never made. */
export async function closeAll(...things: readonly ({ close(): unknown } | null | undefined)[]): Promise<void> {
  for (const thing of things) await thing?.close();
}

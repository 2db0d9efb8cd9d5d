import { defineConfig } from 'vitest/config';

/** e2e files run at once (see the e2e project); E2E_WORKERS overrides it, e.g. on a machine with more cores. */
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);

// Three projects, run in this order: unit (pure logic), integration (real PostgreSQL, real HTTP),
// e2e (Chromium against the real server).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'apps/**/src/**/*.test.ts',
            'apps/web/build/*.test.ts',
            'packages/**/src/**/*.test.ts',
            'eslint/*.test.ts',
            'scripts/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Vitest's default is one worker less than the cores: one worker on a 2-core machine, where
          // most of a unit file's time is compiling its imports (docs/operations.md#tests-and-ci).
          fileParallelism: true,
          maxWorkers: 2,
          // Vitest's 5 s would fail a whole-tree lint or scan on a loaded machine: speed is a bench's business.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['apps/server/src/**/*.int.test.ts', 'bench/**/*.smoke.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.e2e.test.ts'],
          // One embedded PostgreSQL for the run, with a template database (and data folder) per kind of
          // platform holding its first start's state: each file clones one instead of initdb + migrate + seed.
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // A page is slower while other files run beside it: a poll waits up to 15 s, not vitest's 1 s.
          expect: { poll: { timeout: 15_000 } },
          // Files run side by side, each with its own platform process (cloned database, copied data
          // folder, free ports) and its own Chromium: a journey mostly waits on its browser and server,
          // so E2E_WORKERS files share the 2 cores (docs/architecture.md#tests).
          fileParallelism: true,
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});

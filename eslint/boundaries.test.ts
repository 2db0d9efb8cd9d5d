import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Proves the boundary rules of eslint/boundaries.js fire (issue 8 §1): the repository's own
 * eslint.config.js lints the fixture tree eslint/fixtures (ignored by `npm run lint`), and each
 * fixture gets exactly the errors its comment promises.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(ROOT, 'eslint/fixtures');

async function lintRules(relative: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT, ignore: false });
  const [result] = await eslint.lintFiles([path.join(FIXTURES, relative)]);
  return result.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('import boundaries (eslint/boundaries.js)', () => {
  it('fails a cross-feature import of a repo file', async () => {
    const errors = await lintRules('apps/server/src/modules/beta/uses-alpha-repo.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^import-x\/no-restricted-paths: .*"\.\.\/alpha\/repo\.ts".*only through its service\.ts/);
  });

  it('accepts a cross-feature import of a service', async () => {
    expect(await lintRules('apps/server/src/modules/beta/uses-alpha-service.ts')).toEqual([]);
  });

  it('fails shared server code that imports a feature', async () => {
    const errors = await lintRules('apps/server/src/lib/uses-feature.ts');
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*must not depend on a feature/)]);
  });

  it('fails the jobs layer importing a feature, even a type from its service', async () => {
    const errors = await lintRules('apps/server/src/jobs/uses-feature-type.ts');
    expect(errors).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*"\.\.\/modules\/alpha\/service\.ts".*must not depend on a feature, not even by a type/,
      ),
    ]);
  });

  it('fails context.ts naming a feature by a type (a feature declares its own ctx.services slice)', async () => {
    expect(await lintRules('apps/server/src/context.ts')).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*"\.\/modules\/alpha\/service\.ts".*lower layers .* must not depend on a feature/,
      ),
    ]);
  });

  it('fails security/ importing a feature, even its service.ts (features register callers at start)', async () => {
    expect(await lintRules('apps/server/src/security/uses-feature-service.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*"\.\.\/modules\/alpha\/service\.ts".*must not depend on a feature/),
    ]);
  });

  it.each(['db', 'net', 'storage', 'mail', 'ops'])('fails the %s layer naming a feature by a type-only import', async (layer) => {
    expect(await lintRules(`apps/server/src/${layer}/uses-feature-type.ts`)).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*"\.\.\/modules\/alpha\/service\.ts".*must not depend on a feature, not even by a type/,
      ),
    ]);
  });

  it('fails production code importing test support (type-only too), not a test importing it', async () => {
    expect(await lintRules('apps/server/src/lib/uses-test-support.ts')).toEqual([
      expect.stringMatching(/^ulca\/no-test-support-import: Production code must not import test support \(\.\.\/test\/helper\.ts\)/),
      expect.stringMatching(/^ulca\/no-test-support-import: /),
    ]);
    expect(await lintRules('apps/server/src/lib/uses-test-support.test.ts')).toEqual([]);
    expect(await lintRules('apps/server/src/test/helper.ts')).toEqual([]);
  });

  it('fails an import cycle, on both of its files', async () => {
    for (const file of ['cycle-a.ts', 'cycle-b.ts']) {
      const errors = await lintRules(`apps/server/src/modules/alpha/${file}`);
      expect(errors).toEqual([
        expect.stringMatching(
          /^ulca\/no-cycle: Import cycle \(type-only imports count\): cycle-(a|b)\.ts → cycle-(a|b)\.ts → cycle-(a|b)\.ts/,
        ),
      ]);
    }
  });

  it('fails a cycle of type-only imports, on both of its files', async () => {
    expect(await lintRules('apps/server/src/modules/alpha/type-cycle-a.ts')).toEqual([
      expect.stringMatching(
        /^ulca\/no-cycle: Import cycle \(type-only imports count\): type-cycle-a\.ts → type-cycle-b\.ts → type-cycle-a\.ts\. Move the shared types to a types\.ts/,
      ),
    ]);
    expect(await lintRules('apps/server/src/modules/alpha/type-cycle-b.ts')).toEqual([expect.stringMatching(/^ulca\/no-cycle: /)]);
  });

  it('fails a service.ts that re-exports from its repo (named or all), not one that re-exports its types', async () => {
    const errors = await lintRules('apps/server/src/modules/gamma/service.ts');
    expect(errors).toEqual([
      expect.stringMatching(/^ulca\/no-repo-reexport: A service\.ts must not re-export from its repo \(\.\/repo\.ts\)/),
      expect.stringMatching(/^ulca\/no-repo-reexport: /),
    ]);
    expect(await lintRules('apps/server/src/modules/alpha/service.ts')).toEqual([]);
  });

  it('refuses any cross-feature web import, its index.ts included', async () => {
    expect(await lintRules('apps/web/src/features/two/uses-one-inner.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*"\.\.\/one\/inner\.ts".*imports no other feature/),
    ]);
    expect(await lintRules('apps/web/src/features/two/uses-one-index.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*"\.\.\/one\/index\.ts".*imports no other feature/),
    ]);
  });

  it('lets a web feature use lib/ and the app shell compose features', async () => {
    expect(await lintRules('apps/web/src/features/two/uses-shared.ts')).toEqual([]);
    expect(await lintRules('apps/web/src/app/composes.ts')).toEqual([]);
  });

  it('fails shared web code that imports a feature', async () => {
    expect(await lintRules('apps/web/src/lib/uses-feature.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*must not depend on a feature/),
    ]);
    expect(await lintRules('apps/web/src/components/uses-feature-type.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*"\.\.\/features\/one\/inner\.ts".*must not depend on a feature/),
    ]);
  });
});

describe('contract rules (eslint/contracts.js)', () => {
  it('fails a literal /ulca/ path in a web api/ file, as a string and as a template', async () => {
    expect(await lintRules('apps/web/src/features/one/api/literal-path.ts')).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*paths from @ulca\/contracts/),
      expect.stringMatching(/^no-restricted-syntax: .*paths from @ulca\/contracts/),
    ]);
  });

  it('fails a zod import and a zod shape declared in a web api/ file', async () => {
    const errors = await lintRules('apps/web/src/features/one/api/own-zod.ts');
    expect(errors).toHaveLength(3);
    expect(errors.filter((e) => /^no-restricted-imports: .*declares no zod shape/.test(e))).toHaveLength(1);
    expect(errors.filter((e) => /^no-restricted-syntax: .*declares no zod shape/.test(e))).toHaveLength(2);
  });

  it('fails a type-only zod import too', async () => {
    expect(await lintRules('apps/web/src/features/one/api/zod-type.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*declares no zod shape/),
    ]);
  });

  it('accepts a fetcher without literal paths or zod, and a test that asserts the wire path', async () => {
    expect(await lintRules('apps/web/src/features/one/api/contract-call.ts')).toEqual([]);
    expect(await lintRules('apps/web/src/features/one/api/fetch.test.ts')).toEqual([]);
  });
});

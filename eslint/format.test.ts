import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

/**
 * Proves that `npm run lint` refuses unformatted code: the lint script runs `prettier --check`, and the
 * repository's Prettier settings reject a deliberately unformatted fixture while accepting its formatted form.
 * The formatting rules are described in docs/architecture.md#code-style.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURE = path.join(ROOT, 'eslint/format-fixtures/unformatted.ts');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('formatting (Prettier)', () => {
  it('is part of npm run lint and of npm test', () => {
    expect(pkg.scripts.lint).toMatch(/prettier --check \./);
    expect(fs.readFileSync(path.join(ROOT, 'scripts/test.mjs'), 'utf8')).toMatch(/'prettier', '--check', '\.'/);
  });

  it('fails unformatted code and passes the same code once formatted', async () => {
    const options = { ...(await prettier.resolveConfig(FIXTURE)), filepath: FIXTURE };
    const source = fs.readFileSync(FIXTURE, 'utf8');
    expect(await prettier.check(source, options)).toBe(false);
    const formatted = await prettier.format(source, options);
    expect(formatted).toContain("{ alpha: 1, beta: [1, 2, 3], gamma: 'text' }");
    expect(await prettier.check(formatted, options)).toBe(true);
  });

  it('checks source files (only test data and the fixture are ignored)', async () => {
    const ignorePath = path.join(ROOT, '.prettierignore');
    for (const file of ['apps/server/src/app.ts', 'apps/web/src/main.tsx', 'packages/contracts/src/index.ts', 'eslint/boundaries.js']) {
      expect((await prettier.getFileInfo(path.join(ROOT, file), { ignorePath })).ignored).toBe(false);
    }
    expect((await prettier.getFileInfo(FIXTURE, { ignorePath })).ignored).toBe(true);
  });
});

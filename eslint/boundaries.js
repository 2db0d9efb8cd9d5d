// Import boundaries of docs/architecture.md#boundaries, checked by `npm run lint` (issue 8 §1 "The boundaries are
// checked"). One function builds the rules for a tree, so the real tree and the lint fixtures
// (eslint/fixtures, used by eslint/boundaries.test.ts to prove the rules fire) share them.
import fs from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import ts from 'typescript';

/** Sub-folders of `dir` (feature names), [] when it does not exist. */
function folders(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

const SERVICE_ONLY =
  'A feature reaches another feature only through its service.ts (or types.ts); move the code or export it from that service (docs/architecture.md#boundaries).';
const SHARED_LAYER =
  "The server's lower layers (context.ts, security, db, jobs, lib, mail, net, ops, storage) must not depend on a feature, not even by a type: features declare their ctx.services slice, register their job handlers and callers at start, and subscribe to events instead (docs/architecture.md#boundaries).";
const WEB_FEATURE =
  'A web feature imports no other feature: move code two features need to components/ or lib/, or declare what it needs as its slots (its lib/slots.ts) and bind them in app/feature-slots.tsx (docs/architecture.md#boundaries).';
const WEB_SHARED = 'Shared web code (components, lib) must not depend on a feature or the app shell (docs/architecture.md#boundaries).';
const CYCLE = 'Import cycle (type-only imports count): {{route}}. Move the shared types to a types.ts (docs/architecture.md#boundaries).';
const TEST_SUPPORT =
  'Production code must not import test support ({{source}}): apps/<app>/src/test/ is for tests only; move what production needs out of it (docs/architecture.md#layout).';
const SERVICE_REEXPORTS_REPO =
  'A service.ts must not re-export from its repo ({{source}}): give callers a service function (or move the type to types.ts) (docs/architecture.md#boundaries).';

/** Relative specifiers of a file: every import, import type, export … from, and import(); cached by modification time. */
const importsCache = new Map();
function relativeImports(file) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = importsCache.get(file);
  if (hit && hit.mtime === mtime) return hit.deps;
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const deps = info.importedFiles
    .map((i) => i.fileName)
    .filter((n) => n.startsWith('.'))
    .map((n) => resolveRelative(file, n))
    .filter(Boolean);
  importsCache.set(file, { mtime, deps });
  return deps;
}

/** The file a relative specifier of `from` names (as written, or with .ts/.tsx/index.ts added), or null. */
function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The shortest import path from `start` back to `target` (list of files, `start` first), or null. */
function pathBack(start, target) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const dep of relativeImports(file)) {
      if (dep === target) {
        const route = [file];
        for (let f = previous.get(file); f; f = previous.get(f)) route.unshift(f);
        return route;
      }
      if (!previous.has(dep)) {
        previous.set(dep, file);
        queue.push(dep);
      }
    }
  }
  return null;
}

/**
 * `ulca/no-cycle`: no import cycle through relative imports, type-only ones included (import-x/no-cycle
 * skips those): a cycle of types still ties the files together and hides a missing types.ts.
 */
const noCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: CYCLE } },
  create(context) {
    const file = context.physicalFilename;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string' || !node.source.value.startsWith('.')) return;
      const target = resolveRelative(file, node.source.value);
      if (!target || target === file) return;
      const route = pathBack(target, file);
      if (!route) return;
      const rel = (f) => path.relative(path.dirname(file), f) || path.basename(f);
      context.report({
        node,
        messageId: 'cycle',
        data: { route: [path.basename(file), ...route.map(rel), path.basename(file)].join(' → ') },
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** `ulca/no-repo-reexport`: a feature's service.ts re-exports nothing from a repo file (repo.ts, *.repo.ts, *-repo.ts). */
const noRepoReexport = {
  meta: { type: 'problem', schema: [], messages: { reexport: SERVICE_REEXPORTS_REPO } },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source === 'string' && /(^|[/.-])repo(\.ts)?$/.test(source))
        context.report({ node, messageId: 'reexport', data: { source } });
    };
    return { ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** A file under the test-support folder of an app (`apps/<app>/src/test/`). */
const TEST_SUPPORT_DIR = /[\\/]apps[\\/][^\\/]+[\\/]src[\\/]test[\\/]/;

/**
 * `ulca/no-test-support-import`: a production file (the config gives it every app source file but
 * tests and test/ itself) imports nothing from `apps/<app>/src/test/`, type-only imports included,
 * so test helpers (fixtures, fake servers, test users) never ship and never become a dependency.
 */
const noTestSupportImport = {
  meta: { type: 'problem', schema: [], messages: { testSupport: TEST_SUPPORT } },
  create(context) {
    const file = context.physicalFilename;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveRelative(file, source) ?? path.resolve(path.dirname(file), source);
      if (TEST_SUPPORT_DIR.test(target)) context.report({ node, messageId: 'testSupport', data: { source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** The local rules of this file, as an ESLint plugin. */
export const ulcaPlugin = {
  rules: { 'no-cycle': noCycle, 'no-repo-reexport': noRepoReexport, 'no-test-support-import': noTestSupportImport },
};

/** The server's layers below the features (besides context.ts): they import no feature, not even a type. */
const LOWER_LAYERS = ['db', 'jobs', 'lib', 'mail', 'net', 'ops', 'security', 'storage'];

/**
 * The `import-x/no-restricted-paths` zones of the tree rooted at `root`:
 * - server: a file of modules/<F>/ may import modules/<G>/ (G ≠ F) only as service.ts or types.ts;
 *   context.ts, security, db, jobs, lib, mail, net, ops and storage import no feature at all, type-only
 *   imports included (each feature declares its ctx.services slice, app-services.ts assembles them;
 *   features register their job handlers in workers.ts, their callers in services.ts and subscribe to
 *   events in subscriptions.ts);
 * - web: a file of features/<F>/ imports no other feature at all (shared code lives in components/
 *   or lib/, and app/ composes features); components/ and lib/ import neither features nor app/.
 */
export function boundaryZones(root) {
  const server = path.join(root, 'apps/server/src');
  const web = path.join(root, 'apps/web/src');
  const modules = folders(path.join(server, 'modules'));
  const features = folders(path.join(web, 'features'));
  const serviceFiles = ['**/apps/server/src/modules/*/service.ts', '**/apps/server/src/modules/*/types.ts'];
  const zones = [];
  for (const f of modules) {
    const others = modules.filter((g) => g !== f);
    if (others.length === 0) continue;
    zones.push({
      target: path.join(server, 'modules', f, '**/*'),
      from: others.map((g) => path.join(server, 'modules', g, '**/*')),
      except: serviceFiles,
      message: SERVICE_ONLY,
    });
  }
  if (modules.length) {
    zones.push({
      target: [path.join(server, 'context.ts'), ...LOWER_LAYERS.map((d) => path.join(server, d, '**/*'))],
      from: [path.join(server, 'modules/**/*')],
      message: SHARED_LAYER,
    });
  }
  for (const f of features) {
    const others = features.filter((g) => g !== f);
    if (others.length === 0) continue;
    zones.push({
      target: path.join(web, 'features', f, '**/*'),
      from: others.map((g) => path.join(web, 'features', g, '**/*')),
      message: WEB_FEATURE,
    });
  }
  if (features.length) {
    zones.push({
      target: [path.join(web, 'components/**/*'), path.join(web, 'lib/**/*')],
      from: [path.join(web, 'features/**/*'), path.join(web, 'app/**/*')],
      message: WEB_SHARED,
    });
  }
  return zones;
}

/**
 * Flat-config blocks for the TypeScript files of `root` (`files` globs relative to the config):
 * the zones above, `ulca/no-cycle` (any import cycle, type-only imports included; it replaces
 * import-x/no-cycle, which skips them), on every `modules/<F>/service.ts`, `ulca/no-repo-reexport`, and on
 * every app source file but tests and `src/test/` itself, `ulca/no-test-support-import`.
 */
export function boundaryConfig(root, files) {
  return [
    {
      files,
      plugins: { 'import-x': importX, ulca: ulcaPlugin },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }],
        'ulca/no-cycle': 'error',
      },
    },
    { files: ['**/apps/server/src/modules/*/service.ts'], plugins: { ulca: ulcaPlugin }, rules: { 'ulca/no-repo-reexport': 'error' } },
    {
      files: ['**/apps/*/src/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}', '**/apps/*/src/test/**'],
      plugins: { ulca: ulcaPlugin },
      rules: { 'ulca/no-test-support-import': 'error' },
    },
  ];
}

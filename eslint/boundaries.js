// Import boundaries of DESIGN.md §4, checked by `npm run lint` (issue 8 §1 "The boundaries are
// checked"). One function builds the rules for a tree, so the real tree and the lint fixtures
// (eslint/fixtures, used by eslint/boundaries.test.ts to prove the rules fire) share them.
import fs from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

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
  "A feature reaches another feature only through its service.ts (or types.ts); move the code or export it from that service (DESIGN.md §4).";
const SHARED_LAYER = 'Shared server code (db, lib, mail, net, storage) must not depend on a feature (DESIGN.md §4).';
const WEB_FEATURE =
  'A web feature imports no other feature: move code two features need to components/ or lib/, or compose the features in app/ (lib/feature-slots.ts) (DESIGN.md §4, §7).';
const WEB_SHARED = 'Shared web code (components, lib) must not depend on a feature or the app shell (DESIGN.md §7).';

/**
 * The `import-x/no-restricted-paths` zones of the tree rooted at `root`:
 * - server: a file of modules/<F>/ may import modules/<G>/ (G ≠ F) only as service.ts or types.ts;
 *   jobs/ and security/ likewise; db, lib, mail, net and storage import no feature at all;
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
      target: [path.join(server, 'jobs/**/*'), path.join(server, 'security/**/*')],
      from: [path.join(server, 'modules/**/*')],
      except: serviceFiles,
      message: SERVICE_ONLY,
    });
    zones.push({
      target: ['db', 'lib', 'mail', 'net', 'storage'].map((d) => path.join(server, d, '**/*')),
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
 * the zones above and `import-x/no-cycle` (any import cycle; type-only imports are erased at run
 * time and do not count).
 */
export function boundaryConfig(root, files) {
  return {
    files,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  };
}

#!/usr/bin/env node
// The reference models run on Debian packages (docs/product.md#reference-models): espeak-ng (tts),
// apertium with apertium-urd-hin (hi↔ur translation), hunspell-xx and aspell-xx dictionaries (transliteration); the tests also need TEST_DEBIAN_PACKAGES
// (scripts/ensure-chromium.mjs). Each missing package is installed when we are root. Quick (one
// dpkg-query) when all are present.
// Run directly (`node scripts/ensure-debian-packages.mjs`) or import ensureDebianPackages().
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Debian packages the reference models need, with the reason. Add a line for another engine's
 * needs (e.g. a fonts package); the list is installed in one apt-get call.
 * @type {{name: string, why: string}[]}
 */
export const DEBIAN_PACKAGES = [
  { name: 'espeak-ng', why: 'tts reference model (formant synthesis)' },
  { name: 'apertium', why: 'translation reference model (rule-based MT runtime)' },
  { name: 'apertium-urd-hin', why: 'translation reference model (Hindi↔Urdu language data)' },
  // Word lists that rank romanised input (docs/product.md#transliteration-word-ranking); as and sa have none.
  ...['hi', 'bn', 'gu', 'ml', 'te', 'ne'].map((l) => ({ name: `hunspell-${l}`, why: `transliteration reference model (${l} dictionary)` })),
  ...['hi', 'gu', 'ml', 'te', 'kn', 'mr', 'or', 'pa', 'ta'].map((l) => ({
    name: `aspell-${l}`,
    why: `transliteration reference model (${l} dictionary)`,
  })),
];

/** Names of the packages in `names` that dpkg does not list as installed. */
export function missingDebianPackages(names = DEBIAN_PACKAGES.map((p) => p.name)) {
  const r = spawnSync('dpkg-query', ['-W', '-f', '${Package}\t${Status}\n', ...names], { encoding: 'utf8' });
  const installed = new Set(
    (r.stdout ?? '')
      .split('\n')
      .filter((line) => line.endsWith('install ok installed'))
      .map((line) => line.split('\t')[0]),
  );
  return names.filter((n) => !installed.has(n));
}

/**
 * Debian packages the tests need beyond the product's: the browser of the end-to-end tests and the
 * fonts the OCR tests render Indic text with (docs/operations.md#tests-and-ci). Each is checked on its
 * own: a machine that already has Chromium may still lack the fonts.
 * @type {{name: string, why: string}[]}
 */
export const TEST_DEBIAN_PACKAGES = [
  { name: 'chromium', why: 'end-to-end tests and the web bench (headless browser)' },
  { name: 'fonts-noto-core', why: 'Indic fonts for the OCR and image-language tests and the browser' },
];

/**
 * Installs the missing packages of `packages` (default DEBIAN_PACKAGES) with apt-get (root only).
 * @param {{name: string, why: string}[]} [packages]
 * @returns true when every package is installed afterwards; false (with a message on stderr) otherwise.
 */
export function ensureDebianPackages(packages = DEBIAN_PACKAGES) {
  const names = packages.map((p) => p.name);
  const missing = missingDebianPackages(names);
  if (missing.length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Debian packages missing: ${missing.join(', ')}.\n` +
        `Install them with: sudo apt-get install -y --no-install-recommends ${missing.join(' ')}\n` +
        (packages === DEBIAN_PACKAGES ? '(or set REFERENCE_MODELS=false to run without the reference models).' : ''),
    );
    return false;
  }
  console.log(`Installing Debian packages: ${missing.map((n) => `${n} (${packages.find((p) => p.name === n)?.why})`).join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for another apt/dpkg run (parallel installs on a shared machine) instead of failing on the lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  const install = () => spawnSync('apt-get', [...lock, 'install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  // Try with the current package lists first; refresh them only when that fails (a fresh machine).
  if (install().status !== 0) {
    const upd = spawnSync('apt-get', [...lock, 'update'], { stdio: 'inherit', env });
    if (upd.status !== 0 || install().status !== 0) {
      console.error(`apt-get install failed; install by hand: apt-get install -y --no-install-recommends ${missing.join(' ')}`);
      return false;
    }
  }
  const still = missingDebianPackages(names);
  if (still.length > 0) {
    console.error(`Still missing after apt-get: ${still.join(', ')}`);
    return false;
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(ensureDebianPackages() ? 0 : 1);
}

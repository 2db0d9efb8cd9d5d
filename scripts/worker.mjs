#!/usr/bin/env node
// `npm run worker`: the job workers only (main.ts --worker, docs/operations.md#scale-out), supervised
// like `npm start`: a crashed worker is logged and started again with back-off, and SIGINT/SIGTERM
// reach it and are waited for, so this process never exits before its child (docs/operations.md#supervision).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './lib/supervise.mjs';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
supervise({ args: ['--import', 'tsx', 'apps/server/src/main.ts', '--worker', ...process.argv.slice(2)], name: 'worker' });

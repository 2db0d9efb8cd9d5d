/** What other web features may use of the usage feature (lint: eslint/boundaries.js): the usage page's path for a key. */
export { usagePath } from './lib/usage.ts';

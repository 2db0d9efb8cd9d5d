/** What other web features may use of the speaker page (lint: eslint/boundaries.js): its path for an application and provider. */
export { speakerPagePath } from './lib/path.ts';

/** What other web features may use of the glossary feature (lint: eslint/boundaries.js): the page's path for an app and provider. */
export { glossaryPath } from './lib/glossary.ts';

/**
 * What other web features may use of the ready-made feature (lint: eslint/boundaries.js): the
 * admin's toggle shown on a submission's status page.
 */
export { ReadyMadeToggle } from './components/ReadyMadeToggle.tsx';

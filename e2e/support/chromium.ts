/** The Chromium the e2e journeys and the web bench drive (no test runner needed to import this). */

/** The Chromium binary (Debian's by default; CHROMIUM_PATH overrides it). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless without sandbox, GPU or background traffic: as root the sandbox must be off, and without the
 * networking flags Chromium dials out (docs/architecture.md#tests).
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

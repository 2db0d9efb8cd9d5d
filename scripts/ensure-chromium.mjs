#!/usr/bin/env node
// End-to-end tests drive Debian's Chromium and the OCR tests render with Debian's Noto fonts
// (docs/operations.md#tests-and-ci). Each package is checked on its own and installed when missing
// and we are root: a machine with Chromium but without fonts-noto-core gets the fonts too.
import { ensureDebianPackages, TEST_DEBIAN_PACKAGES } from './ensure-debian-packages.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH;
// A Chromium of the developer's own choosing replaces Debian's; the fonts are still needed.
const packages = CHROMIUM ? TEST_DEBIAN_PACKAGES.filter((p) => p.name !== 'chromium') : TEST_DEBIAN_PACKAGES;
process.exit(ensureDebianPackages(packages) ? 0 : 1);

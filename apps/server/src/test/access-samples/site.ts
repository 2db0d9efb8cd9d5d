import type { AccessSamples } from '../access-matrix.ts';

/** The site's public routes (docs/api.md#who-may-call-what): anyone may read the footer's items. */
export const ACCESS_SAMPLES: AccessSamples = {
  'GET /ulca/apis/v0/site/footer': { okStatus: 200, note: 'Public: the contact items every page footer shows.' },
};

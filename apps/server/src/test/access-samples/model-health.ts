import type { AccessSamples } from '../access-matrix.ts';

/**
 * Model health: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['GET /ulca/apis/v0/model/getModelHealthStatus']: {
    okStatus: 200,
    note: 'The public health table of published models; never a callbackUrl (model-health.int.test.ts).',
  },
  ['GET /ulca/apis/v0/model/health/history']: {
    sample: () => ({ url: `/ulca/apis/v0/model/health/history?modelId=${crypto.randomUUID()}` }),
    okStatus: 404,
    note: "Public: a published model's stored health rounds and uptime; an unknown model is 404 (model-health-history.int.test.ts).",
  },
  ['GET /ulca/apis/v0/model/health/uptime']: { okStatus: 200, note: 'Public: the status page (every published model, 7 days of rounds).' },
  ['POST /ulca/apis/v0/model/health/check']: {
    okStatus: 200,
    owner: null,
    note: 'Queues one health round over every published model (at most one a minute); nothing belongs to a user.',
  },
};

import type { AccessSamples } from '../../test/access-matrix.ts';

/**
 * Dataset viewer: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see docs/api.md#who-may-call-what). All public:
 * published records are, as on the dashboard; dataset-viewer.int.test.ts reads real datasets.
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['GET /ulca/apis/v0/dataset/viewer/records']: {
    sample: () => ({ url: `/ulca/apis/v0/dataset/viewer/records?datasetId=${crypto.randomUUID()}` }),
    okStatus: 404,
  },
  ['GET /ulca/apis/v0/dataset/viewer/summary']: {
    sample: () => ({ url: `/ulca/apis/v0/dataset/viewer/summary?datasetId=${crypto.randomUUID()}` }),
    okStatus: 404,
  },
  ['GET /ulca/apis/v0/dataset/viewer/media/{datasetId}/{recordId}']: {
    sample: () => ({ url: `/ulca/apis/v0/dataset/viewer/media/${crypto.randomUUID()}/${'0'.repeat(64)}` }),
    okStatus: 404,
  },
};

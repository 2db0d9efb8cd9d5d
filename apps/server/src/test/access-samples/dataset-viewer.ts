import type { AccessSamples } from '../access-matrix.ts';
import { ownSearchSample } from './search.ts';

/**
 * Dataset viewer: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see docs/api.md#who-may-call-what). A dataset's
 * routes are public: published records are, as on the dashboard; a search's records are its
 * owner's (a running search answers 409); dataset-viewer.int.test.ts reads real datasets and searches.
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
  ['GET /ulca/apis/v0/dataset/viewer/search/records']: ownSearchSample('/ulca/apis/v0/dataset/viewer/search/records', 409),
  ['GET /ulca/apis/v0/dataset/viewer/search/summary']: ownSearchSample('/ulca/apis/v0/dataset/viewer/search/summary', 409),
};

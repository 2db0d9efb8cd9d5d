import type { AccessSamples } from '../access-matrix.ts';

/**
 * Dataset versions: the authorisation matrix's samples (who may call each route is declared on the
 * route: routes.ts `config.access`; docs/api.md#who-may-call-what). dataset-versions.int.test.ts
 * shows a version of someone else's dataset is 403.
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/apis/v0/dataset/version/submit']: {
    sample: () => ({ body: { datasetId: crypto.randomUUID(), url: 'https://example.org/v2.zip' } }),
    okStatus: 404,
    owner: null,
    note: 'Only the owner of a published dataset submits its next version; another user is 403 (dataset-versions.int.test.ts).',
  },
  ['GET /ulca/apis/v0/dataset/versions']: {
    sample: () => ({ url: `/ulca/apis/v0/dataset/versions?datasetId=${crypto.randomUUID()}` }),
    okStatus: 404,
  },
  ['GET /ulca/apis/v0/dataset/version/download/{datasetId}/{version}']: {
    sample: () => ({ url: `/ulca/apis/v0/dataset/version/download/${crypto.randomUUID()}/1` }),
    okStatus: 404,
  },
  ['GET /ulca/apis/v0/dataset/version/cite/{datasetId}/{version}']: {
    sample: () => ({ url: `/ulca/apis/v0/dataset/version/cite/${crypto.randomUUID()}/1?format=bibtex` }),
    okStatus: 404,
  },
  ['POST /ulca/apis/v0/dataset/version/doi']: {
    sample: () => ({ body: { datasetId: crypto.randomUUID(), version: 1, doi: '10.1234/abc' } }),
    okStatus: 404,
    owner: null,
    note: "The dataset's owner or an admin; another user is 403 (dataset-versions.int.test.ts).",
  },
};

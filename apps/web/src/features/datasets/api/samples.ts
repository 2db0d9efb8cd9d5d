import { useQuery } from '@tanstack/react-query';
import { DATASET_API, datasetSamplesResponse, type DatasetSample } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { datasetKeys } from './keys.ts';

/** One bundled sample dataset: name, type, record count and the path of its zip. */
export type { DatasetSample };

/**
 * The sample datasets a newcomer can download and submit (GET …/dataset/samples, public and
 * unsigned; docs/product.md#dataset-screens). They change only with a new release, so they are fetched once.
 */
export function useDatasetSamples() {
  return useQuery({
    queryKey: [...datasetKeys.all, 'samples'] as const,
    queryFn: ({ signal }) => apiRequest('GET', DATASET_API.samples, { schema: datasetSamplesResponse, signal, signed: false }),
    staleTime: Infinity,
  });
}

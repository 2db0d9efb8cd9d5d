/**
 * Page paths of the dataset viewer (docs/product.md#dataset-viewer), shared by the features that
 * link to it (My Contribution's status page, My Searches) without importing the viewer feature.
 */

/** A published dataset's records: `/datasets/{datasetId}`. */
export const datasetViewerPath = (datasetId: string): string => `/datasets/${encodeURIComponent(datasetId)}`;

/** A completed search's records (signed in, its owner's): `/search-records/{serviceRequestNumber}`. */
export const searchViewerPath = (srn: string): string => `/search-records/${encodeURIComponent(srn)}`;

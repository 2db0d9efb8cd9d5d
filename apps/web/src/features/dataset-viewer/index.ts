/** What other web features may use of the dataset viewer (lint: eslint/boundaries.js): its page paths. */

/** A published dataset's viewer page (docs/product.md#dataset-viewer), e.g. for My Contribution's published rows. */
export const datasetViewerPath = (datasetId: string) => `/datasets/${encodeURIComponent(datasetId)}`;

/** An alias of datasetViewerPath. */
export const viewerPath = datasetViewerPath;

/** The records of a completed search (signed in, its owner's), linked from My Searches. */
export const searchViewerPath = (srn: string) => `/search-records/${encodeURIComponent(srn)}`;

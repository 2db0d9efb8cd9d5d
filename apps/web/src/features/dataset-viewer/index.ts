/** What other web features may use of the dataset viewer (lint: eslint/boundaries.js): its page path. */
export const datasetViewerPath = (datasetId: string) => `/datasets/${datasetId}`;

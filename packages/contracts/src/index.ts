/**
 * @ulca/contracts: zod schemas and types shared by the server, the web app and the docs
 * (docs/architecture.md#stack, docs/architecture.md#layout). Import from the package root: `import { datasetRowSchemas } from '@ulca/contracts'`.
 */
export * from './enums.ts';
export * from './roles.ts';
export * from './datasets.ts';
export * from './dataset-status.ts';
export * from './accounts.ts';
export * from './master-data/index.ts';
export * from './audit.ts';
export * from './api/dataset-submit.ts';
export * from './api/readymade.ts';
export * from './api/metrics.ts';
export * from './api/site.ts';
export * from './api/admin-users.ts';
export * from './api/models.ts';
export * from './api/speakers.ts';
export * from './model-search.ts';
export * from './text-fields.ts';
export * from './models/index.ts';
export * from './api/inference.ts';
export * from './api/benchmarks.ts';
export * from './api/benchmark-comparison.ts';
export * from './api/dataset-viewer.ts';
export * from './api/dataset-versions.ts';
export * from './api/glossary.ts';
export * from './api/sts.ts';
export * from './api/streaming.ts';
export * from './api/accounts.ts';
export * from './api/keys.ts';
export * from './api/datasets.ts';
export * from './api/search.ts';
export * from './api/master-data.ts';
export * from './api/pipeline.ts';
export * from './api/usage.ts';
export * from './api/model-health-history.ts';
export * from './web-prerender.ts';

import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../security/access.ts';
import type { AppContext } from '../../context.ts';
import type { MetricsServices } from './answer-cache.ts';
import { STORE_REPORT_DATA_PATH, STORE_REPORTS_PATH, STORE_SEARCH_PATH } from '@ulca/contracts';
import { storeReportsBody, storeReportsResponse, storeSearchBody, storeSearchResponse } from './schemas.ts';
import { storeReports, storeSearch } from './service.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';

/** Dashboard metrics routes (docs/api.md#route-groups, docs/api.md#dashboard-and-dataset-metrics-ulcadata-metricv0store): public, answered from the rollup. */
export async function metricsRoutes(appIn: FastifyInstance, ctx: AppContext<MetricsServices>): Promise<void> {
  const { app, route } = typedRoutes(appIn, ['metrics']);

  app.post(
    STORE_SEARCH_PATH,
    route(PUBLIC, {
      summary: 'Dashboard bars: published records (or hours for speech types) per language, domain, collection method or submitter',
      description:
        'Public. Level 0: criterions null (parallel/transliteration: the chosen sourceLanguage), groupby null → one bar per language. ' +
        'Level 1: a language chosen, groupby domains | collectionMethod_collectionDescriptions | primarySubmitterName. Level 2: one more criterion ' +
        'and another grouping. Parallel and transliteration pairs are found from either side. count = total of the bars, totalCount = total of the type.',
      body: storeSearchBody,
      response: { 200: storeSearchResponse, ...errorResponses(400) },
    }),
    async (req) => storeSearch(ctx, req.body),
  );

  // store/reportdata is the path the original ULCA web client posts to; the same answer under both.
  for (const url of [STORE_REPORTS_PATH, STORE_REPORT_DATA_PATH]) {
    app.post(
      url,
      route(PUBLIC, {
        summary: 'Dataset Metrics: records and totals per dataset type, languages, domain, collection method and submitter',
        ...(url === STORE_REPORT_DATA_PATH ? { description: `Same as POST ${STORE_REPORTS_PATH} (the original ULCA client's path).` } : {}),
        // Fastify hands an absent body to the schema as null: no body at all is allowed (docs/api.md#errors).
        body: storeReportsBody.nullish(),
        response: { 200: storeReportsResponse, ...errorResponses(400) },
      }),
      async () => storeReports(ctx),
    );
  }
}

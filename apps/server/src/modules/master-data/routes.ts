import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../security/access.ts';
import {
  appConfigResponse,
  FEEDBACK_QUESTIONS,
  MASTER_API,
  MASTER_DATA,
  MASTER_LANGUAGES,
  MASTER_NAMES,
  masterBulkBody,
  masterBulkResponse,
  type MasterName,
} from '@ulca/contracts';
import { badRequest } from '../../lib/errors.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';

/** The app-config answer: fixed data, built once. */
const APP_CONFIG = {
  data: {
    languages: MASTER_LANGUAGES.filter((l) => l.active).map((l) => ({ code: String(l.code), label: l.label })),
    feedbackQns: FEEDBACK_QUESTIONS.filter((q) => q.active).map((q) => ({ code: q.code, question: q.question })),
  },
};

/**
 * Master data (docs/api.md#master-data-ulcamdmsv0): the enumerations and the dataset
 * filter catalogue of @ulca/contracts, public.
 * - POST /ulca/mdms/v0/fetch-master/bulk {masterNames} → {data: {name: list}}; an unknown name is
 *   400 with one field error per unknown name (`masterNames[i]`).
 * - GET /ulca/mdms/v0/app-config → {data: {languages: [{code, label}], feedbackQns: [{code, question}]}}.
 */
export async function masterDataRoutes(appIn: FastifyInstance): Promise<void> {
  const { app, route } = typedRoutes(appIn, ['master-data']);

  app.post(
    MASTER_API.bulk,
    route(PUBLIC, {
      summary: `Master lists by name (${MASTER_NAMES.join(', ')}); datasetFilterParams is the search filter catalogue`,
      body: masterBulkBody,
      response: { 200: masterBulkResponse, ...errorResponses(400) },
    }),
    async (req) => {
      const errors = req.body.masterNames.flatMap((name, i) =>
        Object.hasOwn(MASTER_DATA, name) ? [] : [{ field: `masterNames[${i}]`, message: `Unknown master name '${name.slice(0, 100)}'.` }],
      );
      if (errors.length) throw badRequest('UNKNOWN_MASTER_NAME', errors[0].message, errors);
      const data: Record<string, unknown> = {};
      for (const name of req.body.masterNames) data[name] = MASTER_DATA[name as MasterName];
      return { data };
    },
  );

  app.get(
    MASTER_API.appConfig,
    route(PUBLIC, {
      summary: 'Configuration the web app loads at start: languages and feedback questions',
      response: { 200: appConfigResponse },
    }),
    async () => APP_CONFIG,
  );
}

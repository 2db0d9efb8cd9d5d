import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { SEARCHERS } from '@ulca/contracts';
import { currentUser } from '../../security/auth.ts';
import { PUBLIC, signedIn } from '../../security/access.ts';
import { secretKey } from '../../security/crypto.ts';
import { isServiceRequestNumber } from '../datasets/service.ts';
import { checkSearchDownload, searchFileKey, type SearchFileFormat, type SearchFileVariant } from './links.ts';
import { getSearch } from './repo.ts';
import { listUserSearches, searchStatus, submitSearch, SEARCH_SUBMITTED_MESSAGE } from './service.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import {
  SEARCH_API,
  searchDownloadParams,
  searchDownloadQuery,
  searchListQuery,
  searchListResponse,
  searchStatusQuery,
  searchStatusResponse,
  searchSubmitBody,
  searchSubmitResponse,
} from '@ulca/contracts';
import { sendObject } from '../../storage/send-object.ts';

const CONTENT_TYPES: Record<SearchFileFormat, string> = {
  json: 'application/json; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
  zip: 'application/zip',
};
const FILE_NAME = /^(sample|all)\.(json|jsonl|csv|parquet|zip)$/;

/** Search and download routes (docs/api.md#search-and-download) under /ulca/apis/v0/dataset/corpus/search. */
export async function searchRoutes(appIn: FastifyInstance, ctx: AppContext): Promise<void> {
  const { app, route } = typedRoutes(appIn, ['search']);

  app.post(
    SEARCH_API.submit,
    route(signedIn(SEARCHERS), {
      summary: 'Submit a record search; a job writes the matching records (JSON, JSONL, CSV, zip with media) for download',
      description:
        "userId must be the caller. Criteria outside the type's filter catalogue, a value outside a filter's options or a missing language give 400 with errors[{field, message}]. " +
        'For text-pair types sourceLanguage and targetLanguage are both required (pairs stored the other way round also match and are exported turned around unless originalSourceSentence); ' +
        'for the other types the record languages may be given in targetLanguage or sourceLanguage.',
      body: searchSubmitBody,
      response: { 200: searchSubmitResponse, ...errorResponses(400, 403) },
    }),
    async (req) => ({ message: SEARCH_SUBMITTED_MESSAGE, data: await submitSearch(ctx, currentUser(req), req.body) }),
  );

  app.get(
    SEARCH_API.listByUserId,
    route(signedIn(SEARCHERS), {
      summary: "A user's searches, newest first (pages of 10 when startPage/endPage are given, 1-based; the caller's own unless ADMIN)",
      querystring: searchListQuery,
      response: { 200: searchListResponse, ...errorResponses(403) },
    }),
    async (req) => listUserSearches(ctx, currentUser(req), req.query),
  );

  app.get(
    SEARCH_API.status,
    route(signedIn(SEARCHERS), {
      summary: 'Status of one search with its count and signed download links (owner or ADMIN; 404 otherwise)',
      querystring: searchStatusQuery,
      response: { 200: searchStatusResponse, ...errorResponses(404) },
    }),
    async (req) => searchStatus(ctx, currentUser(req), req.query.serviceRequestNumber),
  );

  app.get(
    SEARCH_API.download,
    route(PUBLIC, {
      summary: 'Downloads a search result file ({sample|all}.{json|jsonl|csv|zip}) by its link from the status call',
      description:
        'The link is a bearer token: whoever holds it gets the file, without signing, until it expires (one hour after the status call made it), ' +
        'so it works from a plain <a href> and from curl. A missing, altered or expired token gives 404. Range requests are answered with 206.',
      params: searchDownloadParams,
      querystring: searchDownloadQuery,
    }),
    async (req, reply) => {
      const { serviceRequestNumber: srn, file } = req.params;
      const gone = () => notFound('This download link is not valid or has expired.');
      const m = FILE_NAME.exec(file);
      if (!m || !isServiceRequestNumber(srn) || !req.query.token || !req.query.expires) throw gone();
      const search = await getSearch(ctx.db, srn);
      if (!search || search.status !== 'Completed' || !search.files.includes(m[2])) throw gone();
      if (!checkSearchDownload(secretKey(ctx.config), srn, file, search.user_id, Number(req.query.expires), req.query.token)) throw gone();
      return sendObject(req, reply, ctx.store, searchFileKey(srn, m[1] as SearchFileVariant, m[2] as SearchFileFormat), {
        type: CONTENT_TYPES[m[2] as SearchFileFormat],
        filename: `search-${srn}-${file}`,
        missing: 'This download link is not valid or has expired.',
      });
    },
  );
}

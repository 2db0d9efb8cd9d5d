import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY } from '@ulca/contracts';
import { signedIn } from '../../security/access.ts';

import { listAudit } from './service.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { auditListResponse, auditQuery, USER_API } from '@ulca/contracts';

/** The admin's read of the audit log: GET /ulca/user-mgmt/v1/audit, ADMIN only. */
export async function auditRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['admin']);
  app.get(
    USER_API.audit,
    route(signedIn(ADMIN_ONLY), {
      summary: 'Audit log of account and admin actions, newest first (who, what, when, from where)',
      querystring: auditQuery,
      response: { 200: auditListResponse, ...errorResponses(401, 403) },
    }),
    async (request) => listAudit(ctx, request.query),
  );
}

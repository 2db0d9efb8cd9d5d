import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY } from '@ulca/contracts';
import { signedIn } from '../../security/access.ts';

import { AUDIT_ACTIONS, listAudit } from './service.ts';
import { SIGNED, errorResponse } from '../../lib/route-schemas.ts';
import { auditListResponse } from './schemas.ts';


/** The admin's read of the audit log (issue #4 §4): GET /ulca/user-mgmt/v1/audit, ADMIN only. */
export async function auditRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/ulca/user-mgmt/v1/audit',
    {
      config: { access: signedIn(ADMIN_ONLY) },
      schema: {
        tags: ['admin'],
        summary: 'Audit log of account and admin actions, newest first (who, what, when, from where)',
        security: SIGNED,
        querystring: z.object({
          offset: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(500).default(50),
          action: z.enum(AUDIT_ACTIONS).optional(),
        }),
        response: { 200: auditListResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => listAudit(ctx, request.query),
  );
}

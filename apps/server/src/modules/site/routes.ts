import type { FastifyInstance } from 'fastify';
import { SITE_API, siteFooterResponse } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { PUBLIC } from '../../security/access.ts';
import { typedRoutes } from '../../lib/route-schemas.ts';

/**
 * The site's footer items (docs/configuration.md#server "Footer"): the address, phone, app-store
 * and social links the operator configured (SITE_*), for the web app's footer; unset ones are absent.
 */
export async function siteRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['site']);
  app.get(
    SITE_API.footer,
    route(PUBLIC, {
      summary: "The footer's contact items (address, phone, app-store and social links); each absent when not configured",
      response: { 200: siteFooterResponse },
    }),
    async (_request, reply) => {
      // Configuration changes only with a restart: browsers may keep it for five minutes.
      reply.header('cache-control', 'public, max-age=300');
      return ctx.config.site;
    },
  );
}

/**
 * The NUL rule of @ulca/contracts (findNulField) for every route at once: a preValidation hook
 * that refuses a JSON body, query string or path parameter holding a NUL character with a 400
 * field error, before the route's schema, its auth and any SQL see it (issue 9 #9).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findNulField, NUL_FIELD_MESSAGE } from '@ulca/contracts';
import { badRequest } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Called when the NUL rule refuses a request to this route, before the 400 is sent: a route
     * whose attempts are audited (login) records the refused attempt here. Errors are logged,
     * never sent.
     */
    onRejectedInput?: (request: FastifyRequest) => Promise<void>;
  }
}

/** Registers the NUL check on `app` (all routes registered after it and before it alike). */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.body, request.query, request.params]) {
      const field = findNulField(value);
      if (field === null) continue;
      const hook = request.routeOptions.config?.onRejectedInput;
      if (hook) await hook(request).catch((err: unknown) => request.log.error({ err }, 'onRejectedInput failed'));
      throw badRequest('VALIDATION_FAILED', `Field '${field || '(value)'}' ${NUL_FIELD_MESSAGE}.`, [{ field, message: NUL_FIELD_MESSAGE }]);
    }
  });
}

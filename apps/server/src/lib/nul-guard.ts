/**
 * The input rule of @ulca/contracts (findTextProblem) for every route at once: a preValidation
 * hook that refuses a JSON body, query string or path parameter holding a NUL character, nested
 * deeper than MAX_JSON_DEPTH or holding more than MAX_JSON_VALUES values, with a 400 field error,
 * before the route's schema, its auth and any SQL or JSON.stringify see it (issue 9 #9;
 * docs/operations.md#limits). Multipart text fields get the same check in readMultipartForm.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTextProblem, type TextProblem } from '@ulca/contracts';
import { badRequest, type ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Called when the input rule refuses a request to this route, before the 400 is sent: a route
     * whose attempts are audited (login) records the refused attempt here. Errors are logged,
     * never sent.
     */
    onRejectedInput?: (request: FastifyRequest) => Promise<void>;
  }
}

/** The 400 VALIDATION_FAILED of one input problem, naming its field. */
export function textProblemError(problem: TextProblem): ApiError {
  const { field, message } = problem;
  return badRequest('VALIDATION_FAILED', `Field '${field || '(value)'}' ${message}.`, [{ field, message }]);
}

/** Registers the input check on `app` (all routes registered after it and before it alike). */
export function registerNulGuard(app: FastifyInstance): void {
  // Callback style: a clean request (nearly all) passes without a promise (docs/benchmarks.md#inference-proxy).
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = findTextProblem(request.body) ?? findTextProblem(request.query) ?? findTextProblem(request.params);
    if (problem === null) return done();
    const hook = request.routeOptions.config?.onRejectedInput;
    if (!hook) return done(textProblemError(problem));
    hook(request)
      .catch((err: unknown) => request.log.error({ err }, 'onRejectedInput failed'))
      .then(() => done(textProblemError(problem)), done);
  });
}

import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform, hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppContext } from './context.ts';
import { ApiError } from './lib/errors.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { keyRoutes } from './modules/keys/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { registerSecurityHeaders } from './security/headers.ts';
import { datasetRoutes } from './modules/datasets/routes.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import { readyMadeRoutes } from './modules/readymade/routes.ts';
import { masterDataRoutes } from './modules/master-data/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { registerCompression, registerWebApp } from './web/delivery.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact request body as received (JSON requests), used to verify signatures. */
    rawBody?: string;
  }
}

/** Largest JSON body accepted, in bytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the Fastify app: JSON with raw-body capture, zod validation, the OpenAPI document at
 * /ulca/docs and /ulca/docs/json, every feature's routes, the error shape of DESIGN.md §5, and the
 * built web app at /ulca/ (SPA fallback). Does not listen.
 */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.status).send({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: (v.instancePath || '/').replace(/^\//, '').replace(/\//g, '.') || String(v.params?.issue ? (v.params.issue as { path?: unknown[] }).path?.join('.') ?? '' : ''),
        message: v.message ?? 'invalid',
      }));
      return reply.status(400).send({ message: 'Something wrong with the input you supplied, please verify and try again!', code: 'VALIDATION_FAILED', errors });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'Request body is too large.', code: 'BODY_TOO_LARGE' });
    if (status < 500) return reply.status(status).send({ message: err.message, code: err.code ?? 'BAD_REQUEST' });
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong while we process your request. Please try after sometime.', code: 'INTERNAL' });
  });

  await registerSecurityHeaders(app);
  // Before any route: the compression plugin attaches itself to routes as they are added.
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'ULCA platform API', version: '0.1.0', description: 'Datasets, accounts and jobs of the ULCA platform.' },
      components: {
        securitySchemes: {
          key: { type: 'apiKey', in: 'header', name: 'key' },
          sig: { type: 'apiKey', in: 'header', name: 'sig' },
          payload: { type: 'apiKey', in: 'header', name: 'payload' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/ulca/docs' });

  app.get('/ulca/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  await accountRoutes(app, ctx);
  await keyRoutes(app, ctx);
  await auditRoutes(app, ctx);
  await datasetRoutes(app, ctx);
  await metricsRoutes(app, ctx);
  await readyMadeRoutes(app, ctx);
  await masterDataRoutes(app);
  await searchRoutes(app, ctx);

  await registerWebApp(app, ctx.config.webDist);
  return app;
}

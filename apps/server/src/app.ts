import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  jsonSchemaTransform,
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FullContext } from './app-services.ts';
import { metricsAccess } from './ops/http.ts';
import { ApiError } from './lib/errors.ts';
import { schemaValidationError } from './lib/route-schemas.ts';
import { pinClientIp } from './lib/client-ip.ts';
import { registerNulGuard } from './lib/nul-guard.ts';
import { limitConnections } from './net/connections.concurrency.ts';
import { BodyBudget, registerBodyBudget } from './lib/request-bodies.size-limit.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { keyRoutes } from './modules/keys/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { registerSecurityHeaders } from './security/headers.ts';
import { registerCors } from './security/cors.ts';
import { datasetRoutes } from './modules/datasets/routes.ts';
import { metricsRoutes } from './modules/dashboard/routes.ts';
import { readyMadeRoutes } from './modules/readymade/routes.ts';
import { masterDataRoutes } from './modules/master-data/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { modelRoutes } from './modules/models/routes.ts';
import { inferenceRoutes } from './modules/inference/routes.ts';
import { registerWebSockets, streamingRoutes } from './modules/streaming/routes.ts';
import { modelHealthRoutes } from './modules/model-health/routes.ts';
import { modelFeedbackRoutes } from './modules/model-feedback/routes.ts';
import { benchmarkRoutes } from './modules/benchmarks/routes.ts';
import { datasetViewerRoutes } from './modules/dataset-viewer/routes.ts';
import { datasetVersionRoutes } from './modules/dataset-versions/routes.ts';
import { glossaryRoutes } from './modules/glossary/routes.ts';
import { stsRoutes } from './modules/sts/routes.ts';
import { speakerRoutes } from './modules/speakers/routes.ts';
import { pipelineRoutes } from './modules/pipeline/routes.ts';
import { meteringRoutes } from './modules/metering/routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { registerCompression, registerWebApp } from './web/delivery.ts';
import { PUBLIC, registerAccessHook } from './security/access.ts';
import { registerRouteAccess } from './security/route-access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact request body bytes as received (JSON and text requests), used to verify signatures. */
    rawBody?: Buffer;
  }
}

/** Largest JSON body accepted, in bytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Sends `err` in the one error shape `{ message, code, errors? }` (docs/api.md#errors), with its headers. */
function renderApiError(err: ApiError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err.logDetail) req.log.warn({ code: err.code, detail: err.logDetail }, 'request refused');
  if (err.retryAfterSeconds) void reply.header('retry-after', String(err.retryAfterSeconds));
  if (err.headers) void reply.headers(err.headers);
  return reply.status(err.status).send({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
}

/**
 * Builds the Fastify app: JSON with raw-body capture, zod validation, the OpenAPI document at
 * /ulca/docs and /ulca/docs/json, every feature's routes, the error shape of docs/api.md#request-signatures, and the
 * built web app at /ulca/ (SPA fallback). Does not listen.
 */
export async function buildApp(ctx: FullContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // The process logger, so request lines follow LOG_FORMAT (pretty at a terminal, JSON otherwise).
    ...(opts.logger === false ? { logger: false } : { loggerInstance: ctx.log as FastifyBaseLogger }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // A client that sends its headers and stalls its body is cut off (docs/operations.md#limits);
    // Node checks open requests every connectionsCheckingInterval (30 s by default).
    requestTimeout: ctx.config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(ctx.config.requestHeadersTimeoutMs, ctx.config.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
  }).withTypeProvider<ZodTypeProvider>();
  limitConnections(app.server, ctx.config, ctx.log);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Bodies are read as bytes and kept, so a signature over the exact bytes verifies even when
  // they are not valid UTF-8; only the parse sees the decoded text.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    req.rawBody = body as Buffer;
    const text = (body as Buffer).toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.'), undefined);
    }
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (req, body, done) => {
    req.rawBody = body as Buffer;
    done(null, (body as Buffer).toString('utf8'));
  });

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) return renderApiError(err, req, reply);
    // Every route's schema failure gets the same answer, built once (docs/api.md#errors).
    if (hasZodFastifySchemaValidationErrors(err)) return renderApiError(schemaValidationError(err.validation), req, reply);
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'Request body is too large.', code: 'BODY_TOO_LARGE' });
    if (status < 500) return reply.status(status).send({ message: err.message, code: err.code ?? 'BAD_REQUEST' });
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong while we process your request. Please try after sometime.', code: 'INTERNAL' });
  });

  // Before any route or plugin, so every scope inherits them: each route declares who may call it
  // (config.access, refused at registration when missing) and one hook applies it (docs/api.md#who-may-call-what).
  registerRouteAccess(app);
  registerAccessHook(app, ctx);
  // Every answer counts in the metrics by route pattern (not the raw URL: ids would explode the label set).
  app.addHook('onResponse', (req, reply, done) => {
    ctx.metrics.httpRequest(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // request.ip is a parsed address from here on, whatever a proxy forwarded.
  pinClientIp(app);
  // Body bytes in flight per address and in all, refused before reading (docs/operations.md#limits).
  registerBodyBudget(app, new BodyBudget(ctx.config));
  // No text field of any route may hold a NUL character (400, not a database error).
  registerNulGuard(app);
  await registerSecurityHeaders(app);
  // The CORS preflight route (OPTIONS *) answers anyone.
  await app.routeAccess.declarePluginRoutes(PUBLIC, () => registerCors(app, ctx.config.corsOrigins));
  // Before any route: the compression plugin attaches itself to routes as they are added.
  await registerCompression(app);
  // Before any route or scope: its hooks close the socket of an upgrade request a plain route answers.
  await registerWebSockets(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'ULCA platform API', version: '0.1.0', description: 'Datasets, accounts and jobs of the ULCA platform.' },
      components: {
        securitySchemes: {
          key: { type: 'apiKey', in: 'header', name: 'key' },
          sig: { type: 'apiKey', in: 'header', name: 'sig' },
          payload: { type: 'apiKey', in: 'header', name: 'payload' },
          timestamp: {
            type: 'apiKey',
            in: 'header',
            name: 'x-ulca-timestamp',
            description: 'Signature v2: Unix time in seconds (README "Request signatures")',
          },
          nonce: { type: 'apiKey', in: 'header', name: 'x-ulca-nonce', description: 'Signature v2: 16-64 random characters, used once' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.routeAccess.declarePluginRoutes(PUBLIC, () => app.register(swaggerUi, { routePrefix: '/ulca/docs' }));

  // Work the requests started in the background (reset e-mails) finishes before the app closes.
  app.addHook('onClose', async () => ctx.services.background.settled());

  // Liveness (the process answers) and readiness (it can serve: docs/operations.md#running-it-in-production).
  app.get('/ulca/health', { config: { access: PUBLIC }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ulca/health/ready', { config: { access: PUBLIC }, schema: { hide: true } }, async (_req, reply) => {
    const report = await ctx.readiness.check();
    return reply
      .code(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });
  // Prometheus metrics: only with METRICS_TOKEN set, and only for its bearer (ops/http.ts metricsAccess).
  // PUBLIC for the access hook: the bearer METRICS_TOKEN is checked here instead.
  app.get('/ulca/metrics', { config: { access: PUBLIC }, schema: { hide: true } }, async (req, reply) => {
    const access = metricsAccess(ctx.config.metricsToken, req.headers.authorization);
    if (access === 404) return reply.code(404).send({ message: 'Not found' });
    if (access === 401) return reply.code(401).send({ message: 'A valid metrics token is required.' });
    const m = await ctx.metrics.scrape();
    return reply.header('content-type', m.contentType).header('cache-control', 'no-store').send(m.body);
  });

  await accountRoutes(app, ctx);
  await keyRoutes(app, ctx);
  await auditRoutes(app, ctx);
  await datasetRoutes(app, ctx);
  await metricsRoutes(app, ctx);
  await readyMadeRoutes(app, ctx);
  await masterDataRoutes(app);
  await searchRoutes(app, ctx);
  await modelRoutes(app, ctx);
  await inferenceRoutes(app, ctx);
  await streamingRoutes(app, ctx);
  await modelHealthRoutes(app, ctx);
  await modelFeedbackRoutes(app, ctx);
  await benchmarkRoutes(app, ctx);
  await glossaryRoutes(app, ctx);
  await stsRoutes(app, ctx);
  await speakerRoutes(app, ctx);
  await siteRoutes(app, ctx);
  await datasetViewerRoutes(app, ctx);
  await datasetVersionRoutes(app, ctx);
  await pipelineRoutes(app, ctx);
  await meteringRoutes(app, ctx);

  await registerWebApp(app, ctx.config.webDist, ctx.config.webRenderer);
  return app;
}

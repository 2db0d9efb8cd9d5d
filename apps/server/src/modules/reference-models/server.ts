import Fastify, { type FastifyError } from 'fastify';
import { Server as SocketServer } from 'socket.io';
import { inferenceRequestSchemas, type InferenceRequest } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from './engine.ts';

/**
 * Largest request body, bytes: a 60 s WAV (48 kHz, 16-bit stereo: 11.5 MB, 15.4 MB in base64) or
 * an 8 MB image (10.7 MB in base64), plus the JSON around it.
 */
export const REFERENCE_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** Largest socket.io message a streaming client may send to the reference server, bytes (an infer of 150 characters is < 1 KB). */
export const REFERENCE_STREAM_MAX_MESSAGE_BYTES = 64 * 1024;

/** socket.io namespace of an engine's streaming variant (TTS engines): `/<engine.id>-stream`. */
export function streamingNamespace(engineId: string): string {
  return `/${engineId}-stream`;
}

/** What GET /health says about one engine. */
export interface EngineHealth {
  id: string;
  task: string;
  /** warm() finished: calls are answered at once. */
  warm: boolean;
  /** Why warm() failed; the engine answers 503 until the server restarts. */
  error?: string;
}

/** A running reference-model server. */
export interface ReferenceModelServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash); engines are at `${baseUrl}/${engine.id}`. */
  baseUrl: string;
  /** Settles when every engine's warm() has finished (failures are logged and shown by /health, not thrown). */
  ready: Promise<void>;
  /** Stops listening, then closes every engine. */
  close(): Promise<void>;
}

/** Options of {@link startReferenceModelServer}. */
export interface ReferenceModelServerOptions {
  /** Loopback only: the platform's inference proxy is the one caller. */
  host: '127.0.0.1' | '::1';
  /** TCP port; 0 = any free port (REFERENCE_MODELS_PORT). */
  port: number;
  log: EngineOptions['log'];
}

/** Message of the first validation issue, naming the field, e.g. "field 'config.language.sourceLanguage': Invalid option…". */
function describeValidation(issues: { path: PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return 'The request body is not valid.';
  const field = issue.path.map(String).join('.');
  return field ? `field '${field}': ${issue.message}` : issue.message;
}

/**
 * Starts the reference-model HTTP server (docs/architecture.md#calling-models) on its own Fastify listener:
 * `POST /<engine.id>` with the task's ULCA inference request → the engine's response;
 * `GET /health` → `{engines: EngineHealth[]}`. Engines warm in the background from the start; a
 * call that arrives before its engine is warm waits for it.
 * Answers: 400 `{message}` for a body that fails the task's request schema (naming the field) or
 * that the engine refuses (EngineInputError); 413 beyond REFERENCE_BODY_LIMIT_BYTES; 503 when the
 * engine failed to warm; 500 `{message:'The model failed on this input.'}` for anything else
 * (logged). The server stays up after any of them.
 * Streaming variant: every TTS engine also answers socket.io (websocket transport) at
 * namespace {@link streamingNamespace}: `infer` with `{input:[{source}], config:{gender,
 * language:{sourceLanguage}}}` is acknowledged with the engine's answer (`audio[0].audioContent`),
 * or `{message}` when the input is refused or the engine fails — the protocol of the original
 * ULCA's streaming TTS models, relayed by modules/streaming.
 * @throws when the port cannot be bound, or two engines share an id.
 */
export async function startReferenceModelServer(
  engines: ReferenceEngine[],
  opts: ReferenceModelServerOptions,
): Promise<ReferenceModelServer> {
  const ids = new Set<string>();
  for (const e of engines) {
    if (ids.has(e.id)) throw new Error(`two reference engines share the id '${e.id}'`);
    ids.add(e.id);
  }

  const health = new Map<string, EngineHealth>(engines.map((e) => [e.id, { id: e.id, task: e.task, warm: false }]));
  const warming = new Map<string, Promise<void>>();
  for (const engine of engines) {
    const started = Date.now();
    const p = engine.warm().then(
      () => {
        health.get(engine.id)!.warm = true;
        opts.log.info({ engine: engine.id, ms: Date.now() - started }, 'reference model warm');
      },
      (err: unknown) => {
        health.get(engine.id)!.error = err instanceof Error ? err.message : String(err);
        opts.log.error({ engine: engine.id, err }, 'reference model failed to start');
      },
    );
    warming.set(engine.id, p);
  }

  const app = Fastify({ logger: false, bodyLimit: REFERENCE_BODY_LIMIT_BYTES });
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({ message: `The request is larger than ${REFERENCE_BODY_LIMIT_BYTES / 2 ** 20} MB.` });
    if (status < 500) return reply.status(status).send({ message: err.message });
    opts.log.error({ err }, 'reference model server error');
    return reply.status(500).send({ message: 'The model failed on this input.' });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ message: `No reference model at ${req.method} ${req.url}.` }));

  app.get('/health', async () => ({ engines: [...health.values()] }));

  for (const engine of engines) {
    const schema = inferenceRequestSchemas[engine.task];
    app.post(`/${engine.id}`, async (req, reply) => {
      const parsed = schema.safeParse(req.body);
      if (!parsed.success) return reply.status(400).send({ message: describeValidation(parsed.error.issues) });
      await warming.get(engine.id);
      const state = health.get(engine.id)!;
      if (state.error)
        return reply.status(503).send({ message: 'This reference model is not available: it failed to start on this server.' });
      try {
        return await engine.infer(parsed.data as InferenceRequest);
      } catch (err) {
        if (err instanceof EngineInputError) return reply.status(400).send({ message: err.message });
        opts.log.error({ engine: engine.id, err }, 'reference model failed on an input');
        return reply.status(500).send({ message: 'The model failed on this input.' });
      }
    });
  }

  // The streaming TTS variant shares the listener: socket.io takes the upgrade requests of /socket.io/.
  const io = new SocketServer(app.server, {
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: REFERENCE_STREAM_MAX_MESSAGE_BYTES,
  });
  for (const engine of engines.filter((e) => e.task === 'tts')) {
    const schema = inferenceRequestSchemas.tts;
    io.of(streamingNamespace(engine.id)).on('connection', (socket) => {
      socket.on('infer', async (payload: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return;
        const parsed = schema.safeParse(payload);
        if (!parsed.success) return ack({ message: describeValidation(parsed.error.issues) });
        await warming.get(engine.id);
        if (health.get(engine.id)!.error)
          return ack({ message: 'This reference model is not available: it failed to start on this server.' });
        try {
          ack(await engine.infer(parsed.data as InferenceRequest));
        } catch (err) {
          if (err instanceof EngineInputError) return ack({ message: err.message });
          opts.log.error({ engine: engine.id, err }, 'reference model failed on a streamed input');
          ack({ message: 'The model failed on this input.' });
        }
      });
    });
  }

  await app.listen({ host: opts.host, port: opts.port });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('reference model server has no TCP address');
  const host = opts.host === '::1' ? '[::1]' : opts.host;
  opts.log.info({ port: address.port, engines: engines.map((e) => e.id) }, 'reference model server listening');

  return {
    baseUrl: `http://${host}:${address.port}`,
    ready: Promise.all(warming.values()).then(() => undefined),
    async close() {
      io.disconnectSockets(true);
      await app.close();
      await Promise.allSettled([...warming.values()]);
      await Promise.allSettled(engines.map((e) => e.close()));
    },
  };
}

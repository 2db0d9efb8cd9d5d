/**
 * The reference-models feature (docs/product.md#reference-models "Reference models"): the platform's own
 * offline engines, served on a loopback HTTP server and registered as published models of the
 * submitter "ULCA reference models". The platform calls them through the same inference proxy and
 * guarded fetch as a contributor's model; the only allowance is the exact origin of this process's
 * reference server (never loopback as a whole).
 *
 * Which process: the API process (config.runHttp). `npm start` (API + workers in one process)
 * starts it once and registers the models. A worker-only process (`npm run worker`) registers
 * nothing; when one of its jobs (a benchmark run, a health round) first needs a reference model,
 * it starts that engine on a loopback server of its own and calls it there ({@link reachModel}).
 * With several API processes, each runs its own reference server and calls its own (see
 * {@link referenceCallTarget}).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LICENSE_CODES, type ModelRecord } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import * as models from '../models/service.ts';
import type { ReferenceEngine } from './engine.ts';
import { createReferenceEngines } from './engines/index.ts';
import { startReferenceModelServer, streamingNamespace, type ReferenceModelServer } from './server.ts';
import * as repo from './repo.ts';
import type { ReferenceModelServices } from './registry.ts';
import type { ModelsServices } from '../models/service.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { ReferenceModelServices } from './registry.ts';

/** The first limit of a TTS engine's streaming variant, before the engine's own. */
export const STREAMING_LIMIT = 'Streaming answers one WAV per text sent, not partial audio of one text.';

/** What the streaming variant's description says before the engine's own. */
export const STREAMING_LEAD =
  'Streaming variant, served over a socket (socket.io `infer` events, relayed by the platform): each text sent is spoken and its audio comes back as soon as it is made.';

/**
 * The stable key of a reference model's platform-written texts (its card's engine line, limits,
 * description and training data), sent as `engineCard.contentKey`: the web shows the catalogue's
 * text under this key in the interface language. The engine id; `<id>-stream` for the streaming variant.
 */
export function referenceContentKey(engine: ReferenceEngine, streaming = false): string {
  return streaming ? `${engine.id}-stream` : engine.id;
}

/** Version of every reference model as registered (the engine's own version is on its card). */
export const REFERENCE_MODEL_VERSION = 'v1.0';

/** The descriptor's description limit (model-schema: 25..1000 characters). */
const DESCRIPTION_MAX = 1000;

/** The reference models of one running platform process. */
export interface ReferenceModels {
  /** The reference server's origin, e.g. http://127.0.0.1:41234; null when REFERENCE_MODELS=false. */
  baseUrl: string | null;
  /** The registered models, one per engine ([] when off). */
  models: ModelRecord[];
  /** Settles when every engine is warm (failures are logged; that engine answers 503). */
  ready: Promise<void>;
  /** Stops the server and closes every engine (workers, child processes). */
  close(): Promise<void>;
}

/**
 * The text stored as the model's description: the card's description, then its limits, cut at a
 * whole sentence to fit 1000 characters (the full list is on the card, shown on the model's page).
 */
export function referenceDescription(engine: ReferenceEngine): string {
  const base = engine.card.description.trim();
  const cut = base.lastIndexOf('. ', DESCRIPTION_MAX - 2);
  let text = base.length <= DESCRIPTION_MAX ? base : cut > 0 ? base.slice(0, cut + 1) : `${base.slice(0, DESCRIPTION_MAX - 1)}…`;
  const limits = engine.card.limits.map((l) => l.trim());
  if (limits.length === 0) return text;
  const more = ' More limits on the card.';
  let added = 0;
  for (const [i, limit] of limits.entries()) {
    const piece = `${i === 0 ? ' Limits: ' : ' '}${limit}`;
    const reserve = i < limits.length - 1 ? more.length : 0;
    if (text.length + piece.length + reserve > DESCRIPTION_MAX) break;
    text += piece;
    added += 1;
  }
  if (added < limits.length && text.length + more.length <= DESCRIPTION_MAX && added > 0) text += more;
  return text;
}

/**
 * The model descriptor (model-schema.yml) registered for `engine`: name from its card, version
 * v1.0, description = card description + limits, task, languages, domain general, the card's
 * licence when it is a ULCA licence code (else custom-license with licenseUrl = the card's
 * refUrl), submitter "ULCA reference models", and the engine's example request as the inference
 * schema. `callbackUrl` is the reference server's URL of this engine.
 */
export function referenceDescriptor(engine: ReferenceEngine, callbackUrl: string): Record<string, unknown> {
  const known = (LICENSE_CODES as readonly string[]).includes(engine.card.license);
  return {
    name: engine.card.name,
    version: REFERENCE_MODEL_VERSION,
    description: referenceDescription(engine),
    refUrl: engine.card.refUrl,
    task: { type: engine.task },
    // An engine for any language (gender by pitch) lists none: its task needs no languages.
    ...(engine.languages.length ? { languages: engine.languages.map((l) => ({ ...l })) } : {}),
    license: known ? engine.card.license : 'custom-license',
    ...(known ? {} : { licenseUrl: engine.card.refUrl }),
    domain: ['general'],
    submitter: {
      name: models.REFERENCE_MODELS_ACCOUNT.firstName,
      aboutMe: 'Offline engines shipped with this ULCA platform, so that every task can be tried on a fresh install.',
    },
    inferenceEndPoint: {
      callbackUrl,
      schema: {
        taskType: engine.task,
        request: engine.exampleRequest,
        // ner-rules tags every entity B-<TAG> then I-<TAG> (IOB2); tts-espeak speaks both voices.
        ...(engine.task === 'ner' ? { tagsFormat: 'IOB2' } : {}),
        ...(engine.task === 'tts' ? { supportedVoices: ['female', 'male'] } : {}),
      },
    },
    trainingDataset: {
      description:
        engine.card.kind === 'trained-model'
          ? `Trained by its upstream project (${engine.card.refUrl}); the weights come from the installed package: ${engine.card.engine}.`
          : `None: a ${engine.card.kind === 'heuristic' ? 'heuristic' : 'rule-based'} engine (${engine.card.engine}), not trained on data.`,
    },
  };
}

/**
 * The streaming variant of a TTS engine: the same engine, served over socket.io at
 * the reference server's {@link streamingNamespace}, registered as its own model whose name says
 * "streaming", whose card says how it streams, and whose schema has `modelProcessingType:
 * {type:'streaming'}`. `callbackUrl` is the ws:// URL of that namespace.
 */
export function referenceStreamingDescriptor(engine: ReferenceEngine, callbackUrl: string): Record<string, unknown> {
  const name = engine.card.name.includes('(reference)')
    ? engine.card.name.replace('(reference)', 'streaming (reference)')
    : `${engine.card.name} streaming`;
  const streamed: ReferenceEngine = {
    ...engine,
    card: {
      ...engine.card,
      name,
      description: `${STREAMING_LEAD} ${engine.card.description}`,
      limits: [STREAMING_LIMIT, ...engine.card.limits],
    },
  };
  const d = referenceDescriptor(streamed, callbackUrl) as { inferenceEndPoint: { schema: Record<string, unknown> } };
  d.inferenceEndPoint.schema = { ...d.inferenceEndPoint.schema, modelProcessingType: { type: 'streaming' } };
  return d;
}

/** Where an engine's streaming variant answers on the server at `baseUrl` (http://host:port): ws://host:port/<id>-stream. */
export function referenceStreamingUrl(baseUrl: string, engine: ReferenceEngine): string {
  return `${baseUrl.replace(/^http/, 'ws')}${streamingNamespace(engine.id)}`;
}

/** Seconds between heartbeats of a process serving reference models (and between checks of every API process). */
const HEARTBEAT_SECONDS = 15;
/** A process whose heartbeat is older than this no longer counts as serving (it died without saying so). */
const HOST_TTL_SECONDS = 60;

/**
 * Keeps the reference models published exactly while some API process serves them
 * (docs/operations.md#running-it-in-production): this process's heartbeat (when `modelIds` is
 * given: it serves them), then the fleet-wide rule of models.reconcileReferenceModels over every
 * fresh heartbeat. Errors are logged: the next beat tries again.
 */
async function beatAndReconcile(ctx: AppContext<ModelsServices>, self: { processId: string; modelIds: string[] } | null): Promise<void> {
  try {
    if (self) await repo.beat(ctx.db, { ...self, host: os.hostname(), pid: process.pid });
    const changed = await models.reconcileReferenceModels(ctx, await repo.servedModelIds(ctx.db, HOST_TTL_SECONDS));
    if (changed.withdrawn || changed.republished) ctx.log.info(changed, 'reference models: published as served by the running processes');
  } catch (err) {
    ctx.log.warn({ err }, 'reference models: heartbeat failed');
  }
}

/**
 * Starts the reference models of this process, when config.referenceModels is on: the
 * reference server on 127.0.0.1 (REFERENCE_MODELS_PORT, default any free port), engines warming in
 * the background from now on, and one published model per engine registered (or refreshed: the
 * port changes on each start) with its card, plus the streaming variant of each TTS engine
 * ({@link referenceStreamingDescriptor}).
 *
 * Per process, not per fleet: a reference model is published while any API process serves it.
 * A process with its engines on records so every 15 s (reference_model_hosts); every API process,
 * engines on or off, then unpublishes with models.REFERENCE_MODELS_OFF_REASON the reference models
 * no live process serves (an engine removed, the last serving process stopped or dead for a
 * minute), and a serving process publishes its own again. So REFERENCE_MODELS=false on one
 * process serves nothing itself (a call there answers 503, modules/inference) and withdraws
 * nothing that others serve; on a single process it unpublishes them, so Explore never lists a
 * model whose engine runs nowhere. `engines` replaces the full list (tests). Call once per API
 * process; close() on shutdown (stops the heartbeat, forgets this process, withdraws what it alone served).
 * @throws when the port cannot be bound or a descriptor is invalid (set-up errors).
 */
export async function startReferenceModels(
  ctx: AppContext<ReferenceModelServices & ModelsServices>,
  opts: { engines?: ReferenceEngine[] } = {},
): Promise<ReferenceModels> {
  const heartbeat = (self: { processId: string; modelIds: string[] } | null) => {
    const timer = setInterval(() => void beatAndReconcile(ctx, self), HEARTBEAT_SECONDS * 1000);
    timer.unref();
    return timer;
  };
  if (!ctx.config.referenceModels) {
    ctx.log.info('reference models are off in this process (REFERENCE_MODELS=false)');
    await beatAndReconcile(ctx, null);
    const timer = heartbeat(null);
    return { baseUrl: null, models: [], ready: Promise.resolve(), close: async () => clearInterval(timer) };
  }
  const log = ctx.log.child({ feature: 'reference-models' });
  const cacheDir = path.join(ctx.config.dataDir, 'cache', 'reference-models');
  fs.mkdirSync(cacheDir, { recursive: true });
  const engines = opts.engines ?? createReferenceEngines({ cacheDir, log });
  const server = await startReferenceModelServer(engines, { host: '127.0.0.1', port: ctx.config.referenceModelsPort, log });
  try {
    const registered: ModelRecord[] = [];
    for (const engine of engines) {
      const callbackUrl = `${server.baseUrl}/${engine.id}`;
      registered.push(
        await models.registerReferenceModel(ctx, {
          descriptor: referenceDescriptor(engine, callbackUrl),
          engineCard: { ...engine.card, contentKey: referenceContentKey(engine) },
          callbackUrl,
        }),
      );
      if (engine.task === 'tts') {
        const streamUrl = referenceStreamingUrl(server.baseUrl, engine);
        const descriptor = referenceStreamingDescriptor(engine, streamUrl);
        const engineCard = {
          ...engine.card,
          limits: [STREAMING_LIMIT, ...engine.card.limits],
          contentKey: referenceContentKey(engine, true),
        };
        registered.push(await models.registerReferenceModel(ctx, { descriptor, engineCard, callbackUrl: streamUrl }));
      }
    }
    ctx.services.referenceModels.running = server;
    const self = { processId: randomUUID(), modelIds: registered.map((m) => m.modelId) };
    await beatAndReconcile(ctx, self);
    const timer = heartbeat(self);
    log.info({ baseUrl: server.baseUrl, models: registered.length }, 'reference models registered');
    let closed = false;
    return {
      baseUrl: server.baseUrl,
      models: registered,
      ready: server.ready,
      async close() {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        if (ctx.services.referenceModels.running === server) ctx.services.referenceModels.running = undefined;
        // Forgotten first, so the models only this process served are withdrawn before its server stops.
        await repo
          .removeHost(ctx.db, self.processId)
          .catch((err: unknown) => log.warn({ err }, 'reference models: could not forget this process'));
        await beatAndReconcile(ctx, null);
        await server.close();
      },
    };
  } catch (err) {
    await server.close().catch(() => undefined);
    throw err;
  }
}

/**
 * Where this process calls a reference model whose registered URL is `callbackUrl`: the same
 * path on this process's own reference server, and that server's exact origin as the one origin
 * the guarded fetch may reach on loopback. null when no reference server runs in this process
 * (the call then goes to the registered URL without any allowance, and loopback is refused).
 */
export function referenceCallTarget(
  ctx: AppContext<ReferenceModelServices>,
  callbackUrl: string,
): { callbackUrl: string; allowedOrigin: string } | null {
  const server = ctx.services.referenceModels.running;
  if (!server) return null;
  let pathname: string;
  try {
    pathname = new URL(callbackUrl).pathname;
  } catch {
    return null;
  }
  const origin = new URL(server.baseUrl).origin;
  return { callbackUrl: `${origin}${pathname}`, allowedOrigin: origin };
}

/**
 * How this process calls `model` (inference proxy, health round, benchmark run): a contributor's
 * model as registered with no loopback allowance; a reference model on this process's own
 * reference server with that one origin allowed. `reachable` is false for a reference model when
 * no reference server runs here (a worker-only process): its registered loopback URL would be refused.
 */
export function modelCallRoute(
  ctx: AppContext<ReferenceModelServices>,
  model: models.ModelEndpoint,
): { target: models.ModelEndpoint; allowedOrigins: string[]; reachable: boolean } {
  if (!model.isReference) return { target: model, allowedOrigins: [], reachable: true };
  const ref = referenceCallTarget(ctx, model.callbackUrl);
  if (!ref) return { target: model, allowedOrigins: [], reachable: false };
  return { target: { ...model, callbackUrl: ref.callbackUrl }, allowedOrigins: [ref.allowedOrigin], reachable: true };
}

/** Whether this process starts reference engines on demand: a worker-only process with REFERENCE_MODELS on. */
function startsOnDemand(ctx: AppContext): boolean {
  return !ctx.config.runHttp && ctx.config.referenceModels;
}

/**
 * Settles when every engine of this process's reference server has warmed (failures included:
 * never rejects); at once when no reference server runs here. Lets a caller queue work on the
 * reference models (the bundled benchmarks' runs) without its first calls waiting out their
 * timeout behind an engine's start.
 */
export function referenceEnginesReady(ctx: AppContext<ReferenceModelServices>): Promise<void> {
  return ctx.services.referenceModels.running?.ready ?? Promise.resolve();
}

/**
 * Whether this process can call `model`: always for a contributor's model; for a reference model
 * when this process runs the reference server or starts engines on demand (a worker-only process).
 */
export function canReachModel(ctx: AppContext<ReferenceModelServices>, model: models.ModelEndpoint): boolean {
  return modelCallRoute(ctx, model).reachable || (model.isReference && startsOnDemand(ctx));
}

/** The on-demand server of the engine at `callbackUrl`'s path (`/<engine id>` or its `/<engine id>-stream` namespace), started on first use; null when there is no such engine or it cannot start. */
function onDemandServer(ctx: AppContext<ReferenceModelServices>, callbackUrl: string): Promise<ReferenceModelServer | null> {
  let engineId: string;
  try {
    // A streaming variant's namespace (`/<engine id>-stream`, see streamingNamespace) is served by its engine's server.
    engineId = new URL(callbackUrl).pathname.replace(/^\/+/, '').replace(/-stream$/, '');
  } catch {
    return Promise.resolve(null);
  }
  const servers = ctx.services.referenceModels.onDemand;
  let server = servers.get(engineId);
  if (!server) {
    const log = ctx.log.child({ feature: 'reference-models' });
    const cacheDir = path.join(ctx.config.dataDir, 'cache', 'reference-models');
    const started = (async () => {
      // Constructing every engine loads nothing (engines load in warm()); only the one asked for starts.
      const engine = createReferenceEngines({ cacheDir, log }).find((e) => e.id === engineId);
      if (!engine) return null;
      fs.mkdirSync(cacheDir, { recursive: true });
      const s = await startReferenceModelServer([engine], { host: '127.0.0.1', port: 0, log });
      log.info({ engine: engineId, baseUrl: s.baseUrl }, 'reference engine started on demand in this worker process');
      return s;
    })().catch((err: unknown) => {
      log.error({ err, engine: engineId }, 'reference engine could not start in this worker process');
      // Forgotten, so a later job tries again.
      servers.delete(engineId);
      return null;
    });
    servers.set(engineId, started);
    server = started;
  }
  return server;
}

/**
 * {@link modelCallRoute} for jobs: in a worker-only process a reference model is not reachable
 * at its registered URL (another process's loopback server), so its engine is started here on
 * demand, once per engine, on a loopback port of this process, and called there with that one
 * origin allowed. Elsewhere the same as modelCallRoute. Resolves `reachable: false` when the
 * engine is unknown here or could not start (logged).
 */
export async function reachModel(
  ctx: AppContext<ReferenceModelServices>,
  model: models.ModelEndpoint,
): Promise<{ target: models.ModelEndpoint; allowedOrigins: string[]; reachable: boolean }> {
  const route = modelCallRoute(ctx, model);
  if (route.reachable || !startsOnDemand(ctx)) return route;
  const server = await onDemandServer(ctx, model.callbackUrl);
  if (!server) return route;
  const origin = new URL(server.baseUrl).origin;
  return {
    target: { ...model, callbackUrl: `${origin}${new URL(model.callbackUrl).pathname}` },
    allowedOrigins: [origin],
    reachable: true,
  };
}

import { createOpsServices } from './ops/create.ts';
import type { Closeable, CoreContext } from './context.ts';
import type { AppServices, FullContext } from './app-services.ts';
import { BackgroundWork } from './lib/background.ts';
import { createEventHub } from './subscriptions.ts';
import { Throttle } from './lib/throttle.ts';
import { OutboundPools } from './net/safe-fetch.ts';
import { AccountLimiters } from './modules/accounts/limiters.rate-limit.ts';
import { benchmarkLookups } from './modules/benchmarks/service.ts';
import { BenchmarkCallLimits } from './modules/benchmarks/model-calls.concurrency.ts';
import { InferenceState } from './modules/inference/state.ts';
import { MeteringState } from './modules/metering/state.ts';
import { AnswerCache } from './modules/dashboard/answer-cache.ts';
import { FeedbackLimiter } from './modules/model-feedback/feedback.rate-limit.ts';
import { EndpointCache } from './modules/models/state.ts';
import { ReferenceModelRegistry } from './modules/reference-models/registry.ts';
import { SpeechPool } from './modules/speakers/dsp.ts';
import { StreamingState } from './modules/streaming/state.ts';
import { NONCE_PRUNE_INTERVAL_SECONDS } from './security/auth.ts';
import { SessionCacheService } from './security/session-cache.ts';
import { NonceClaims } from './security/nonce-batch.ts';
import { findSessionKey, touchSessionKey } from './modules/accounts/service.ts';
import { verifyApiKey } from './modules/keys/service.ts';

/**
 * How each service of {@link AppServices} (the ground ones and every feature's slice) is built, in start order (closed in reverse). One line per
 * service; a factory gets the context being built, whose earlier services already exist.
 */
type Factories = { [K in keyof AppServices]: (ctx: FullContext) => AppServices[K] };
const FACTORIES: Factories = {
  background: () => new BackgroundWork(),
  events: (ctx) => createEventHub(ctx),
  outbound: () => new OutboundPools(),
  sessions: (ctx) => new SessionCacheService(ctx),
  noncePrune: () => new Throttle(NONCE_PRUNE_INTERVAL_SECONDS * 1000),
  nonceClaims: (ctx) => new NonceClaims(ctx.db),
  // security/ checks callers through the accounts and keys features without naming them (security/callers.ts).
  callers: () => ({ findSessionKey, touchSessionKey, verifyApiKey, close: () => undefined }),
  accountLimits: (ctx) => new AccountLimiters(ctx),
  feedbackLimiter: (ctx) => new FeedbackLimiter(ctx),
  modelEndpoints: () => new EndpointCache(),
  benchmarks: (ctx) => benchmarkLookups(ctx),
  benchmarkCalls: (ctx) => new BenchmarkCallLimits(ctx),
  referenceModels: () => new ReferenceModelRegistry(),
  inference: (ctx) => new InferenceState(ctx),
  metering: (ctx) => new MeteringState(ctx),
  streaming: () => new StreamingState(),
  dashboard: (ctx) => new AnswerCache(ctx),
  speechPool: () => new SpeechPool(),
};

/**
 * Builds the stateful services of a process once (docs/architecture.md#services) and returns the
 * context holding them. The API process (main.ts), the worker processes and the test harness all
 * start this way and stop with {@link closeServices}, so nothing depends on which routes were
 * registered. Resolves once every service is ready (e.g. the session cache listens). `overrides`
 * replaces the factories named (tests: a fake or a differently tuned service).
 */
export async function createServices(
  given: Omit<CoreContext, 'metrics' | 'readiness'> & Partial<Pick<CoreContext, 'metrics' | 'readiness'>>,
  overrides: Partial<Factories> = {},
): Promise<FullContext> {
  // Metrics and readiness (ops/create.ts) are built here unless the caller made them.
  const core: CoreContext = given.metrics && given.readiness ? (given as CoreContext) : { ...given, ...createOpsServices(given) };
  const ctx = { ...core, services: {} as AppServices } as FullContext;
  const building = ctx.services as unknown as Record<string, Closeable>;
  for (const [name, build] of Object.entries({ ...FACTORIES, ...overrides }) as [
    string,
    (c: FullContext) => Closeable & { ready?: Promise<void> },
  ][]) {
    const service = build(ctx);
    building[name] = service;
    if (service.ready) await service.ready;
  }
  return ctx;
}

/**
 * Closes the services of `ctx` in the reverse order of their start. Call it once, after the HTTP app
 * closed and pg-boss stopped (jobs under way may still count usage or call an engine) and before the
 * pool closes (the last usage flush writes to it). Errors are logged, not thrown, so every service
 * gets its close.
 */
export async function closeServices(ctx: FullContext): Promise<void> {
  for (const name of (Object.keys(FACTORIES) as (keyof AppServices)[]).reverse()) {
    try {
      await ctx.services[name]?.close();
    } catch (err) {
      ctx.log.error({ err, service: name }, 'error while closing a service');
    }
  }
  ctx.metrics.close();
  ctx.readiness.close();
}

import type { AppContext, Closeable, CoreContext, Services } from './context.ts';
import { BackgroundWork } from './lib/background.ts';
import { InferenceState } from './modules/inference/state.ts';
import { SessionCacheService } from './security/session-cache.ts';

/**
 * How each service of {@link Services} is built, in start order (closed in reverse). One line per
 * service; a factory gets the context being built, whose earlier services already exist.
 */
const FACTORIES: { [K in keyof Services]: (ctx: AppContext) => Services[K] } = {
  background: () => new BackgroundWork(),
  sessions: (ctx) => new SessionCacheService(ctx),
  inference: (ctx) => new InferenceState(ctx),
};

/**
 * Builds the stateful services of a process once (docs/architecture.md#services) and returns the
 * context holding them. The API process (main.ts), the worker processes and the test harness all
 * start this way and stop with {@link closeServices}, so nothing depends on which routes were
 * registered. Resolves once every service is ready (e.g. the session cache listens).
 */
export async function createServices(core: CoreContext): Promise<AppContext> {
  const ctx = { ...core, services: {} as Services } as AppContext;
  const building = ctx.services as unknown as Record<string, Closeable>;
  for (const [name, build] of Object.entries(FACTORIES) as [string, (c: AppContext) => Closeable & { ready?: Promise<void> }][]) {
    const service = build(ctx);
    building[name] = service;
    if (service.ready) await service.ready;
  }
  return ctx;
}

/**
 * Closes the services of `ctx` in the reverse order of their start, each once, while the pool is
 * still open (a last usage flush writes to it). Errors are logged, not thrown, so every service
 * gets its close. The caller then stops pg-boss and closes the pool.
 */
export async function closeServices(ctx: AppContext): Promise<void> {
  for (const name of (Object.keys(FACTORIES) as (keyof Services)[]).reverse()) {
    try {
      await ctx.services[name]?.close();
    } catch (err) {
      ctx.log.error({ err, service: name }, 'error while closing a service');
    }
  }
}

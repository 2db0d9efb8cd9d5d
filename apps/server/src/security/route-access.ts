import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteAccess } from './access.ts';

/**
 * The routes of the app and who may call each (docs/api.md#who-may-call-what), collected as they
 * are registered. A route registered without `config.access` is refused: registering it throws
 * {@link MissingRouteAccessError}, so the app does not start.
 */

/** One registered route: method, URL as Fastify spells it (`/x/:id`), its access, and whether a plugin added it. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** True for a route added by a third-party plugin (swagger UI, static files, CORS preflight). */
  plugin: boolean;
  /** True when the route is hidden from the OpenAPI document (`schema.hide`). */
  hidden: boolean;
}

/** Thrown while a route without `config.access` is registered (the app start fails with it). */
export class MissingRouteAccessError extends Error {
  constructor(method: string, url: string) {
    super(
      `Route ${method} ${url} declares no access: add config: { access } (PUBLIC, OPTIONAL_SIGNATURE, SIGNATURE_OR_API_KEY, signedIn(roles), API_KEY from security/access.ts); see docs/api.md#who-may-call-what.`,
    );
    this.name = 'MissingRouteAccessError';
  }
}

/** The collector on `app.routeAccess`. */
export interface RouteAccessRegistry {
  /** Every route registered so far (HEAD routes included). */
  readonly routes: readonly DeclaredRoute[];
  /**
   * Runs `register` (which registers third-party plugins, e.g. `() => app.register(swaggerUi)`),
   * and gives `access` to the routes those plugins add without declaring any.
   */
  declarePluginRoutes(access: RouteAccess, register: () => PromiseLike<unknown>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes and their access (security/route-access.ts). */
    routeAccess: RouteAccessRegistry;
  }
}

/**
 * Installs the collector on `app` (an `onRoute` hook and the `app.routeAccess` decoration). Call
 * before any route or plugin is registered, so every scope inherits the hook.
 */
export function registerRouteAccess(app: FastifyInstance): RouteAccessRegistry {
  const routes: DeclaredRoute[] = [];
  let pluginAccess: RouteAccess | null = null;
  const registry: RouteAccessRegistry = {
    routes,
    async declarePluginRoutes(access, register) {
      if (pluginAccess) throw new Error('declarePluginRoutes calls may not nest');
      pluginAccess = access;
      try {
        await register();
      } finally {
        pluginAccess = null;
      }
    },
  };
  app.addHook('onRoute', (opts: RouteOptions) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    let access = opts.config?.access;
    const plugin = !access && pluginAccess !== null;
    if (!access && pluginAccess) {
      access = pluginAccess;
      opts.config = { ...opts.config, access };
    }
    if (!access) throw new MissingRouteAccessError(methods.join(','), opts.url);
    const hidden = Boolean((opts.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) routes.push({ method, url: opts.url, access, plugin, hidden });
  });
  app.decorate('routeAccess', registry);
  return registry;
}

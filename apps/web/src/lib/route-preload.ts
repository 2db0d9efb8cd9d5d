import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/**
 * The `handle` of a page route that can load its chunk and texts ahead of its first render
 * (docs/architecture.md#prerendered-pages): `preload`, given the route's params, resolves once both are in, with the same
 * promise the page's lazy component then reads (withTexts loads once). `prefetch`, on a public page
 * the server renders with its data, loads the queries the page's first render reads into `client`
 * for the route's `params` (the server's render only; it resolves when they have settled, failed
 * ones left out). `canonical`, beside `prefetch`, says which `params` name a page the server
 * renders with its data (a model page's two views, a benchmark id as the database writes it); a
 * path whose params fail it is sent as the plain app, so made-up paths cost no data load and no
 * kept page (routeHasPrefetch). Without it, every params of the route do.
 */
export interface PreloadHandle {
  preload: (params: Params) => Promise<unknown>;
  prefetch?: (client: QueryClient, params: Params) => Promise<unknown>;
  canonical?: (params: Params) => boolean;
}

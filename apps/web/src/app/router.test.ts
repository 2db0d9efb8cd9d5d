import { describe, expect, it } from 'vitest';
import { routeHasPrefetch } from './router.tsx';

const ID = '3f2c1a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';

// docs/architecture.md#prerendered-pages: only a page's canonical path is rendered with its data.
describe('routeHasPrefetch', () => {
  it('is true for the canonical path of each page with data', () => {
    for (const path of [
      '/ulca/dashboard',
      '/ulca/model/explore-models',
      '/ulca/model/benchmark-datasets',
      `/ulca/model/benchmark-details/${ID}`,
      `/ulca/search-model/${ID}`,
      `/ulca/search-model/${ID}/model`,
    ])
      expect(routeHasPrefetch(path), path).toBe(true);
  });

  it('is false for other spellings of those pages, made-up segments and pages without data', () => {
    for (const path of [
      '/ulca/dashboard/',
      '/ulca/DASHBOARD',
      '/ulca/model/Explore-Models',
      `/ulca/model/benchmark-details/${ID.toUpperCase()}`,
      `/ulca/model/benchmark-details/{${ID}}`,
      `/ulca/search-model/${ID}/`,
      `/ulca/search-model/${ID}/w1`,
      `/ulca/search-model/${ID}/feedback`,
      `/ulca/search-model/%33${ID.slice(1)}`,
      `/ulca/SEARCH-MODEL/${ID}`,
      '/ulca/intro',
      '/ulca/no/such/page',
    ])
      expect(routeHasPrefetch(path), path).toBe(false);
  });
});

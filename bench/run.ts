// `npm run bench -- <name> [--records N]`: runs one benchmark (docs/benchmarks.md#performance-benches).
export {};
const [benchName, ...rest] = process.argv.slice(2);
const benches: Record<string, () => Promise<{ main(args: string[]): Promise<void> }>> = {
  ingest: () => import('./ingest.ts'),
  'search-export': () => import('./search-export.ts'),
  dashboard: () => import('./dashboard.ts'),
  api: () => import('./api.ts'),
  web: () => import('./web.ts'),
  inference: () => import('./inference.ts'),
  'reference-models': () => import('./reference-models.ts'),
  metrics: () => import('./metrics.ts'),
  speakers: () => import('./speakers.ts'),
  streaming: () => import('./streaming.ts'),
  viewer: () => import('./viewer.ts'),
  versions: () => import('./versions.ts'),
  pipeline: () => import('./pipeline.ts'),
  'large-answers': () => import('./large-answers.ts'),
  transliteration: () => import('./transliteration.ts'),
};
if (!benchName || !benches[benchName]) {
  console.error(`usage: npm run bench -- <${Object.keys(benches).join('|')}> [--records N]`);
  process.exit(2);
}
const mod = await benches[benchName]();
await mod.main(rest);
process.exit(0);

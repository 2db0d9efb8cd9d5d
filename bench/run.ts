// `npm run bench -- <name> [--records N]`: runs one benchmark (docs/benchmarks.md#performance-benches).
export {};
const [benchName, ...rest] = process.argv.slice(2);
/** The benches: each is bench/<name>.ts, exporting main(args). */
const BENCHES = [
  'ingest',
  'search-export',
  'dashboard',
  'api',
  'web',
  'inference',
  'reference-models',
  'metrics',
  'speakers',
  'streaming',
  'viewer',
  'versions',
  'pipeline',
  'large-answers',
  'transliteration',
];
if (!benchName || !BENCHES.includes(benchName)) {
  console.error(`usage: npm run bench -- <${BENCHES.join('|')}> [--records N]`);
  process.exit(2);
}
const mod = (await import(`./${benchName}.ts`)) as { main(args: string[]): Promise<void> };
await mod.main(rest);
process.exit(0);

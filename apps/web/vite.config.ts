import zlib from 'node:zlib';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { compileCatalogues } from './build/compile-catalogues.ts';

// The app is served by the API server under /ulca/ (apps/server/src/app.ts), which sends the
// .br / .gz files written here when the browser accepts them (@fastify/static preCompressed).
// `vite build --ssr src/prerender.tsx` (isSsrBuild) builds the prerender's Node bundle into dist-ssr
// (docs/architecture.md#prerendered-pages): everything bundled, nothing compressed.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/ulca/',
  ssr: { noExternal: isSsrBuild ? true : undefined },
  plugins: [
    // The hoisted @vitejs/plugin-react types resolve vitest's vite 8, this app builds with vite 7:
    // the plugin works with both; the cast only bridges the two type copies.
    react() as unknown as PluginOption,
    compileCatalogues(),
    // Compressed once at build time at the highest levels, so no request pays for compression.
    !isSsrBuild &&
      (compression({
        algorithms: [
          defineAlgorithm('gzip', { level: 9 }),
          defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        ],
        include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
        threshold: 1024,
        skipIfLargerOrEqual: true,
        logLevel: 'silent',
      }) as unknown as PluginOption),
  ],
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // zod's sources carry /*@__PURE__*/ comments in places Rollup ignores (it says so and drops
      // them, harmlessly): not worth a line on every install. Our own code still warns.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/ulca/apis': 'http://localhost:8080',
      '/ulca/user-mgmt': 'http://localhost:8080',
      '/ulca/error-consumer': 'http://localhost:8080',
      '/ulca/data-metric': 'http://localhost:8080',
      '/ulca/mdms': 'http://localhost:8080',
    },
  },
}));

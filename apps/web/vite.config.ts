import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served by the API server under /ulca/ (apps/server/src/app.ts).
export default defineConfig({
  base: '/ulca/',
  // The hoisted @vitejs/plugin-react types resolve vitest's vite 8, this app builds with vite 7:
  // the plugin works with both; the cast only bridges the two type copies.
  plugins: [react() as unknown as PluginOption],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/ulca/apis': 'http://localhost:8080', '/ulca/user-mgmt': 'http://localhost:8080', '/ulca/error-consumer': 'http://localhost:8080', '/ulca/data-metric': 'http://localhost:8080', '/ulca/mdms': 'http://localhost:8080' } },
});

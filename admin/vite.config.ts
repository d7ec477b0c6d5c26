import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The back office is served by the API server under /admin/ (DESIGN §1); in development Vite serves
 * it and passes /api on to a running API (`npm start`, port 4321 unless API_URL says otherwise).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The shell chunk is React, Refine, React Router, zod and i18next (~750 kB raw, ~235 kB gzip);
    // the area pages become chunks of their own through lazy routes.
    chunkSizeWarningLimit: 800,
    // dist/.vite/manifest.json: which chunks each lazy route loads, for `npm run bench` (bench/admin-weight.ts).
    manifest: true,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:4321', changeOrigin: true },
    },
  },
});

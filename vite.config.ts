import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./pwa', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/pwa', import.meta.url));
// The dev server forwards API and uploaded-object requests to the Koa process, so the PWA
// talks to one origin in development just as it does in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    // scripts/check-bundle.ts reads the chunk graph from it to hold `/` to its JS budget.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget },
      '/objects': { target: apiTarget },
      // Feeds, sitemap and robots.txt are server documents too (server/feeds, server/pages).
      '^/(feed\\.(xml|atom)|sitemap\\.xml|robots\\.txt|podcasts/feed\\.xml|news/category/[^/]+/feed\\.xml)$': { target: apiTarget },
    },
  },
});

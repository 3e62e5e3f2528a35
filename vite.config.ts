import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('./pwa', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/pwa', import.meta.url));
// The server's renderer of public pages (pwa/entry-server.tsx), built beside the PWA by `vite build`.
const ssrOutDir = fileURLToPath(new URL('./dist/ssr', import.meta.url));
const ssrEntry = fileURLToPath(new URL('./pwa/entry-server.tsx', import.meta.url));
// The dev server forwards API and uploaded-object requests to the Koa process, so the PWA
// talks to one origin in development just as it does in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

// Light theme's primary and page colours (pwa/styles/tokens.css); index.html also names the dark ones.
const THEME_COLOR = '#17355f';
const BACKGROUND_COLOR = '#ffffff';

export default defineConfig({
  root,
  plugins: [
    react(),
    // docs/offline.md: the worker source is pwa/sw/sw.ts; the app registers it itself (workbox-window,
    // pwa/offline/UpdatePrompt.tsx) so an update waits for the user's Reload.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // The shell, every route chunk and stylesheet, the placeholders and icons.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      manifest: {
        id: '/',
        name: 'Ledger Commons',
        short_name: 'Ledger',
        description: 'News, podcasts and forums for accounting and finance professionals.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'News', url: '/news', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Podcasts', url: '/podcasts', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Forums', url: '/forums', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    // scripts/check-bundle.ts reads the chunk graph from it to hold `/` to its JS budget.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is loaded on every page anyway: one chunk, not
        // thirty-odd small ones (each a request, and each module preload costs the phone a little).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/[\/]pwa[\/](index\.html|main\.tsx)$/.test(id) }] },
      },
    },
  },
  // With a builder, `vite build` builds every environment: the browser's (above) and the server's.
  builder: {},
  environments: {
    ssr: {
      build: { outDir: ssrOutDir, emptyOutDir: true, manifest: false, copyPublicDir: false, rollupOptions: { input: ssrEntry } },
    },
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

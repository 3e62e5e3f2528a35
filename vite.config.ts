import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { publicFiles } from './scripts/precache';

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

/**
 * The small parts the public lists share (cards, covers, badges, the Save toggle, the offline and
 * queue notices, the CPD nudge Continue and the player both show): one chunk, fetched with the first
 * page, instead of some thirty files of 1–3 KB, each a request with its own headers (docs/performance.md,
 * "First visit on a phone"). Their own imports come along unless the entry has them. A new shared part
 * of the first page's cards belongs here; scripts/check-bundle.ts fails when `/` needs more than
 * BUNDLE_MAX_CHUNKS files.
 */
const CARDS = /[\/]pwa[\/](components[\/](Card|CardGrid|Cover|coverSources|nearViewport|Time|EmptyState|Badge|Avatar|Skeleton|icons)|features[\/](news[\/](ArticleCard|mutations)|podcasts[\/](EpisodeCard|PlayCount)|content[\/](CategoryBadges|LoadFailure|OfflineNotice|commentCount)|library[\/](SaveToggle|savedQueries)|listening[\/]downloadQueries)|offline[\/]storageBudget|outbox[\/](OutboxNotice|hooks)|session[\/]viewer|lib[\/]cpdNudge|api[\/]cpd)\.tsx?$/;

/** A feature's front door (docs/architecture.md): re-exports only, no side effects of its own. */
const FRONT_DOOR = /[\/]pwa[\/]features[\/][^\/]+[\/]index\.ts$/;

/**
 * Writes a brotli copy (quality 11) beside each script and stylesheet of the browser's build,
 * which the server sends as it is to a browser that accepts br (koa-send, server/static.ts); the
 * server's on-the-fly compression (koa-compress, quality 4 for speed) makes the entry chunk
 * larger (docs/performance.md, "2026-11-28: the first page under 200 KB"). The worker's precache
 * lists only the plain files.
 */
const brotli = promisify(brotliCompress);

function precompressAssets(): Plugin {
  return {
    name: 'ledger-precompress-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle() {
      const assets = path.join(outDir, 'assets');
      const names = (await readdir(assets)).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(assets, name);
          const source = await readFile(file);
          if (source.length < 1024) return;
          const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length };
          await writeFile(`${file}.br`, await brotli(source, { params }));
        }),
      );
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    precompressAssets(),
    // docs/offline.md: the worker source is pwa/sw/sw.ts; the app registers it itself (workbox-window,
    // pwa/offline/UpdatePrompt.tsx) so an update waits for the user's Reload.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // The shell, the public screens' chunks and stylesheets, the placeholders and icons.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        manifestTransforms: [
          (entries) => {
            const { kept, all } = publicFiles(JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')));
            // A file Vite's manifest does not know (index.html, icons, the public folder) is the shell's.
            return { manifest: entries.filter((entry) => kept.has(entry.url) || !all.has(entry.url)), warnings: [] };
          },
        ],
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
      // A feature's front door (pwa/features/<feature>/index.ts) only re-exports: a screen taking one
      // name from it must not bring the feature's other modules (their styles, Dexie) into its chunk,
      // least of all into the first page's, which takes the player from the listening wing.
      treeshake: { moduleSideEffects: [{ test: FRONT_DOOR, sideEffects: false }] },
      experimental: { lazyBarrel: true },
      output: {
        // Everything the entry imports statically is loaded on every page anyway: one chunk, not
        // thirty-odd small ones (each a request, and each module preload costs the phone a little).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], test: (id) => !/[\/]pwa[\/](index\.html|main\.tsx)$/.test(id) },
            { name: 'cards', test: CARDS },
          ],
        },
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

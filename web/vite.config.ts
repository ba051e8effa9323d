import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { SOURCE_CONDITION } from '../build/source-condition.mjs';
import { messageCatalogs } from './build-tools/message-catalogs.ts';
import { precompressedFiles } from './build-tools/precompressed-files.ts';
import { srcAlias } from './build-tools/src-alias.ts';
import { addRestroomPath } from './src/lib/links/app-paths.ts';
import { nearestOpenNowLink } from './src/lib/links/visit-links.ts';

/** `@allstall/shared` is consumed from source so the web build never waits on (or drifts from) shared's dist. */
const sourceConditions = [SOURCE_CONDITION, ...defaultClientConditions];

/** `messages-es-main` for the module virtual:messages/es/main (build-tools/message-catalogs.ts). */
function messagesChunkName(id: string): string | null {
  const match = /virtual:messages\/([a-z]+)\/([a-z]+)/.exec(id);
  return match === null ? null : `messages-${match[1]}-${match[2]}`;
}

/*
 * react-router 7's package exports name only its development build (dist/development: dev-only
 * warnings and checks kept), whatever the mode (remix-run/react-router#12532, #14753). A production
 * build takes the production build the package ships beside it, the same version and API: smaller
 * on the first screen, and no development warnings on people's phones.
 */
function reactRouterProduction() {
  // react-router is react-router-dom's dependency, so it is found from there.
  const fromDom = createRequire(fileURLToPath(import.meta.resolve('react-router-dom')));
  const entry = fromDom.resolve('react-router');
  return { find: /^react-router$/, replacement: join(entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`)), 'dist', 'production', 'index.mjs') };
}

export default defineConfig(({ command }) => ({
  resolve: { conditions: sourceConditions, alias: [srcAlias, ...(command === 'build' ? [reactRouterProduction()] : [])] },
  plugins: [
    react(),
    messageCatalogs({ catalogRoot: fileURLToPath(new URL('src/lib/i18n/catalogs', import.meta.url)), entry: fileURLToPath(new URL('src/main.tsx', import.meta.url)) }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      // Registered by src/lib/register-service-worker.ts with workbox-window, production only.
      injectRegister: false,
      manifest: {
        name: 'allstall',
        short_name: 'allstall',
        description: 'Pee in peace. Find gender-neutral and single-stall restrooms nearby.',
        theme_color: '#5272F2',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/bathrooms',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the installed app's icon. The same addresses work as links, and the service
        // worker opens them offline like any other (docs/product-rules.md#links-for-one-visit).
        shortcuts: [
          {
            name: 'Nearest open now',
            short_name: 'Open now',
            description: 'Restrooms open now, nearest first',
            url: nearestOpenNowLink,
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Add a restroom',
            short_name: 'Add',
            description: 'Add a restroom to the map',
            url: addRestroomPath,
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
    // After VitePWA: Brotli and gzip copies of the finished dist/, the service worker included, sent
    // as they are by the api. `.br` and `.gz` are not in globPatterns, so nothing precaches them.
    precompressedFiles(),
  ],
  build: {
    rolldownOptions: {
      // The first screen needs a few constants from shared's schema modules (a header name, field
      // limits) but none of the schemas: copied to where they are used, and with shared declared free
      // of side effects, those modules and TypeBox's builder stay with the lazily loaded checker
      // (src/lib/contract-checks.ts). `pnpm bench` reports it if an import brings them back.
      optimization: { inlineConst: true },
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          // A feature's public face (features/<name>/index.ts) only re-exports. Declared free of side
          // effects, taking one piece from it does not bring the rest along: otherwise the top bar's
          // outbox status bar brings the profile's waiting section, and every dialog it opens, into the
          // first download of /bathrooms (39 KB gzip more).
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        // Libraries change far less often than the app: in their own chunks, a new release of the
        // app re-downloads only its own code, which matters on one bar of signal.
        codeSplitting: {
          groups: [
            // Each language's messages are their own file, named for the bench and for people reading dist/.
            { name: (id: string) => messagesChunkName(id), test: /virtual:messages\// },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            { name: 'data', test: /node_modules[\\/](dexie|dexie-react-hooks)[\\/]/ },
            // Only what the first screen loads: a library that only lazily loaded code uses (the map, the
            // QR code) stays with that code, out of the first download. TypeBox is reachable through
            // shared's schemas, but after tree-shaking only lazily loaded code uses it.
            { name: 'vendor', test: (id: string) => id.includes('node_modules') && !/node_modules[\\/]typebox[\\/]/.test(id), tags: ['$initial'] },
          ],
        },
      },
    },
  },
  // The snapshot worker (src/lib/sync/snapshot-worker.ts) is a module worker, bundled on its own:
  // ES modules, as `new Worker(..., { type: 'module' })` loads it.
  worker: { format: 'es' },
  server: {
    // `npm run dev` starts the api on its default port; API_URL points the proxy elsewhere.
    // Keep the browser's Host so the api's same-origin check on writes sees one origin.
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
}));

import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Libraries only a lazily loaded screen uses (the map, the QR code). Kept out of the shared vendor
 * chunk, or the first load of /bathrooms would download them before the list can show.
 */
const LAZY_LIBRARIES = ['leaflet', 'react-leaflet', '@react-leaflet', 'supercluster', 'kdbush', 'qrcode', 'dijkstrajs', 'pngjs'];
const lazyLibrary = new RegExp(`node_modules[\\\\/](${LAZY_LIBRARIES.join('|')})[\\\\/]`);

/** `@allstall/shared` is consumed from source so the web build never waits on (or drifts from) shared's dist. */
const sourceConditions = ['allstall-source', ...defaultClientConditions];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  plugins: [
    react(),
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
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: in their own chunks, a new release of the
        // app re-downloads only its own code, which matters on one bar of signal.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            { name: 'data', test: /node_modules[\\/](dexie|dexie-react-hooks|typebox)[\\/]/ },
            { name: 'vendor', test: (id: string) => id.includes('node_modules') && !lazyLibrary.test(id) },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` starts the api on its default port; API_URL points the proxy elsewhere.
    // Keep the browser's Host so the api's same-origin check on writes sees one origin.
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});

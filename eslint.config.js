// One lint configuration for the workspace. Types are checked by `tsc` (pnpm typecheck); this catches
// what the compiler does not: unused code, React hook rule breaks, floating promises' usual suspects.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every feature of the web app, read from the folder so a new feature is fenced in from its first file.
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's boundaries (as bulletproof-react keeps them). A feature uses another feature only
 * through its public face, `features/<name>/index.ts`; what two features share as building blocks
 * lives in components/, hooks/ or lib/, which know nothing of features or of app/; the service
 * worker uses lib/ only.
 */
const WEB_BOUNDARIES = [
  ...WEB_FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`, ...WEB_FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: 'Another feature is used through its index.ts; shared building blocks go to components/, hooks/ or lib/.',
  })),
  {
    target: ['./web/src/components', './web/src/hooks', './web/src/lib'],
    from: ['./web/src/features', './web/src/app'],
    message: 'components/, hooks/ and lib/ are building blocks: they import no feature and nothing of app/.',
  },
  { target: './web/src/features', from: './web/src/app', message: 'app/ assembles the features; a feature does not import it.' },
  { target: './web/src/sw', from: './web/src', except: ['./sw', './lib'], message: 'The service worker uses lib/ only.' },
];

/**
 * The api's layers (docs/map.md#the-apis-layers), top to bottom: a folder imports only the folders
 * of its own row and the rows below it, so nothing imports upward. The entries assemble everything;
 * a route uses plugins' decorations, http/ and the services; plugins are the app-wide parts app.ts
 * registers; http/ is what routes and plugins share; services are the product's actions; the rooms
 * below them are the machinery the actions use (caches, import runs, outside services); then the
 * queries, and at the bottom what every layer reads: settings, the database, the error type,
 * passwords and time zones.
 */
const API_LAYERS = [
  { name: 'The entries (app.ts, server.ts, cli/)', folders: ['app.ts', 'server.ts', 'cli'] },
  { name: 'routes/', folders: ['routes'] },
  { name: 'plugins/', folders: ['plugins'] },
  { name: 'http/', folders: ['http'] },
  { name: 'services/', folders: ['services'] },
  {
    name: 'The machinery the services use (snapshots/, imports/, geocoding/, admin-tools/, compression/, map-pack/, operations/, seed/)',
    folders: ['admin-tools', 'compression', 'geocoding', 'imports', 'map-pack', 'operations', 'seed', 'snapshots'],
  },
  { name: 'repositories/', folders: ['repositories'] },
  { name: 'The base (config.ts, region-config.ts, db/, errors/, geo/, passwords/)', folders: ['config.ts', 'region-config.ts', 'db', 'errors', 'geo', 'passwords'] },
];

const API_BOUNDARIES = API_LAYERS.slice(1).map((layer, index) => ({
  target: layer.folders.map((folder) => `./api/src/${folder}`),
  from: API_LAYERS.slice(0, index + 1).flatMap((above) => above.folders.map((folder) => `./api/src/${folder}`)),
  message: `${layer.name} imports no layer above it: a route, plugin, http/ helper or service it needs belongs lower down, or the caller passes it in (docs/map.md, the api's layers).`,
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'web/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // `@/…` resolved to web/src (web/tsconfig.json's paths), so the zones below see the real path.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], alias: { '@': [fileURLToPath(new URL('./web/src', import.meta.url))] } }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: fileURLToPath(new URL('.', import.meta.url)), zones: WEB_BOUNDARIES }],
      // Packages cannot import web/src back, so cycles are looked for only among the app's own files.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['api/src/**/*.{ts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      // The api names its TypeScript files by their built name (`./x.js` for x.ts), as Node's ESM wants.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: fileURLToPath(new URL('.', import.meta.url)), zones: API_BOUNDARIES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Command-line entry points, scripts and benchmarks talk to a terminal on purpose.
    files: ['api/src/server.ts', 'api/src/cli/**', 'web/bench/**', 'web/scripts/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);

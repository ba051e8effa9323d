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
    // Command-line entry points, scripts and benchmarks talk to a terminal on purpose.
    files: ['api/src/server.ts', 'api/src/cli/**', 'web/bench/**', 'web/scripts/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);

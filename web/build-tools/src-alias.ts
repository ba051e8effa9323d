import { fileURLToPath } from 'node:url';

/**
 * `@/lib/db/db` is src/lib/db/db: the app imports across its folders from src/ instead of climbing
 * with `../../`. tsconfig.json's paths say the same to TypeScript, eslint.config.js to ESLint's resolver.
 */
export const srcAlias = { find: /^@\//, replacement: fileURLToPath(new URL('../src/', import.meta.url)) };

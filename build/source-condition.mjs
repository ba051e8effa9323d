/*
 * The export condition under which the workspace packages (shared, migrations) resolve to their
 * TypeScript sources instead of their built `dist/` (see their package.json `exports`): tests, the
 * dev server and the web build use it, so none waits on (or drifts from) a build of those packages.
 * Set here for the JS and TS configs and the command lines they start; tsconfig.base.json sets it
 * for the type checker, and api's `dev` script (a package.json script cannot import) writes it out.
 */
export const SOURCE_CONDITION = 'allstall-source';

import { fileURLToPath } from 'node:url';
import { build, defaultClientConditions, type Rolldown } from 'vite';
import { SOURCE_CONDITION } from '../../../build/source-condition.mjs';
import { srcAlias } from '../../build-tools/src-alias.js';

const webDir = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Bundles a bench/page script with the app's own modules into one classic script to evaluate in a
 * page, built the way the app is (Vite, workspace packages from source), without touching web/dist.
 */
export async function buildPageScript(entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions], alias: [srcAlias] },
    build: { write: false, minify: true, lib: { entry: fileURLToPath(new URL(entry, new URL('../page/', import.meta.url))), formats: ['iife'], name: 'benchPage' } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
  if (chunk === undefined || chunk.type !== 'chunk') throw new Error(`bundling ${entry} produced no script`);
  return chunk.code;
}

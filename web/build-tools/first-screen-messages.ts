import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/*
 * Which messages the first screen needs: the ids written in the modules main.tsx reaches through
 * static imports (what loads before the app runs). Those are downloaded before the first render; the
 * rest come right after it, and every lazily loaded screen waits for them (docs/i18n.md#parts).
 *
 * A feature's index.ts only re-exports, and the build takes from it only what is imported (see
 * vite.config.ts), so an import from one follows just the names it takes. `import type` brings no
 * code and is not followed. A template such as `server.${code}` counts every id it can make.
 */

const STATIC_IMPORT = /^\s*(import|export)\s+(?!type\b)([\s\S]*?)\s+from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
const QUOTED = /'([A-Za-z][\w-]*(?:\.[\w-]+)+)'|"([A-Za-z][\w-]*(?:\.[\w-]+)+)"/g;
const TEMPLATE_PREFIX = /`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g;

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** `{ A, B as C }` → ['A', 'B'] (the names as the module exports them); null for `* as X` or a default import. */
function importedNames(clause: string): string[] | null {
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (braces === null) return null;
  return braces[1]!
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]!.trim());
}

/** For a module that only re-exports: each exported name → the module it comes from. */
function reExports(file: string, text: string): Map<string, string> | null {
  const code = text.replace(/\/\/.*$/gm, '').trim();
  const map = new Map<string, string>();
  for (const statement of code.split(';').map((part) => part.trim()).filter((part) => part !== '')) {
    const match = /^export\s+(type\s+)?\{([\s\S]*)\}\s+from\s+['"](\.{1,2}\/[^'"]+)['"]$/.exec(statement);
    if (match === null) return null;
    if (match[1] !== undefined) continue;
    const target = resolveModule(file, match[3]!);
    if (target === null) continue;
    for (const name of importedNames(`{${match[2]!}}`) ?? []) map.set(name.split(/\s+as\s+/).pop()!.trim(), target);
  }
  return map;
}

export function firstScreenMessageIds(entry: string, knownIds: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const pending: string[] = [entry];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(QUOTED)) {
      const id = match[1] ?? match[2]!;
      if (knownIds.has(id)) found.add(id);
    }
    for (const match of text.matchAll(TEMPLATE_PREFIX)) {
      for (const id of knownIds) if (id.startsWith(match[1]!)) found.add(id);
    }
    for (const match of text.matchAll(STATIC_IMPORT)) {
      const target = resolveModule(file, match[3]!);
      if (target === null) continue;
      const barrel = reExports(target, readFileSync(target, 'utf8'));
      const names = match[1] === 'import' ? importedNames(match[2]!) : null;
      if (barrel !== null && names !== null) {
        for (const name of names) {
          const source = barrel.get(name);
          if (source !== undefined) pending.push(source);
        }
      } else {
        pending.push(target);
      }
    }
  };
  while (pending.length > 0) visit(pending.pop()!);
  return found;
}

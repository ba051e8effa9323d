import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * Which messages the first screen needs: the ids written in the modules main.tsx reaches through
 * static imports (what loads before the app runs). Those are downloaded before the first render; the
 * rest come right after it, and every lazily loaded screen waits for them (docs/i18n.md#parts).
 *
 * A feature's index.ts only re-exports, and the build takes from it only what is imported (see
 * vite.config.ts), so an import from one follows just the names it takes. `import type` brings no
 * code and is not followed. A template such as `server.${code}` counts every id it can make.
 *
 * The imports are read with TypeScript's own parser, not a pattern: a pattern once ran from a
 * package's import into the next line's and lost `AddressSearch`, so the search field's words missed
 * the first part and Lingui warned of uncompiled messages on every load (issue 26).
 */

const QUOTED = /'([A-Za-z][\w-]*(?:\.[\w-]+)+)'|"([A-Za-z][\w-]*(?:\.[\w-]+)+)"/g;
const TEMPLATE_PREFIX = /`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g;

/** What `@/` names (src-alias.ts): src/, beside this folder. */
const SRC_ROOT = fileURLToPath(new URL('../src/', import.meta.url));

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = join(SRC_ROOT, specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** One static import or re-export that brings code: the module, and the names taken (null: all of it). */
interface CodeImport {
  kind: 'import' | 'export';
  specifier: string;
  names: string[] | null;
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The names as the imported module exports them, leaving out `type` ones; null for `* as X`. */
function takenNames(bindings: ts.NamedImportBindings | ts.NamedExportBindings | undefined): string[] | null {
  if (bindings === undefined || !('elements' in bindings)) return null;
  return bindings.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text);
}

function codeImports(source: ts.SourceFile): CodeImport[] {
  const found: CodeImport[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly === true) continue;
      // A default import or a bare `import './x'` takes the module whole.
      const names = clause === undefined || clause.name !== undefined ? null : takenNames(clause.namedBindings);
      found.push({ kind: 'import', specifier: statement.moduleSpecifier.text, names });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.isTypeOnly) continue;
      found.push({ kind: 'export', specifier: statement.moduleSpecifier.text, names: takenNames(statement.exportClause) });
    }
  }
  return found;
}

/** For a module that only re-exports: each exported name → the module it comes from; else null. */
function reExports(file: string, source: ts.SourceFile): Map<string, string> | null {
  const map = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier === undefined || !ts.isStringLiteral(statement.moduleSpecifier)) return null;
    if (statement.isTypeOnly) continue;
    const clause = statement.exportClause;
    if (clause === undefined || !ts.isNamedExports(clause)) return null;
    const target = resolveModule(file, statement.moduleSpecifier.text);
    if (target === null) continue;
    for (const element of clause.elements) if (!element.isTypeOnly) map.set(element.name.text, target);
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
    for (const { kind, specifier, names } of codeImports(parse(file, text))) {
      const target = resolveModule(file, specifier);
      if (target === null) continue;
      const barrel = reExports(target, parse(target, readFileSync(target, 'utf8')));
      if (barrel !== null && kind === 'import' && names !== null) {
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

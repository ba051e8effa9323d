import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { kilobytes, type Figure } from './support/figures.js';

const INITIAL_JAVASCRIPT_BUDGET_KB = 150;

const gzipBytes = (distDir: string, file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;

/**
 * The scripts a first load of /bathrooms fetches before the app runs: every module script in
 * index.html and every module it preloads (the entry's static imports), gzip -9 each, summed, plus
 * the active language's messages: main.tsx imports them before the first render, so they are part
 * of the first load although they are not in index.html. Counted for the larger of the languages.
 * Whatever the app imports lazily (the map, other screens, the admin screens' words) is not counted here.
 */
export function initialJavaScript(distDir: string): Figure {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const files = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attribute(tag, 'src');
    if (src?.endsWith('.js')) files.add(src.replace(/^\//, ''));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel') === 'modulepreload' && href?.endsWith('.js')) files.add(href.replace(/^\//, ''));
  }
  const messages = readdirSync(join(distDir, 'assets'))
    .filter((file) => /^messages-[a-z]+-first-.*\.js$/.test(file))
    .map((file) => ({ file, bytes: gzipBytes(distDir, join('assets', file)) }))
    .sort((a, b) => b.bytes - a.bytes);
  const largest = messages[0];
  if (largest === undefined) throw new Error('The build has no messages-<language>-first chunk');
  const bytes = [...files].reduce((sum, file) => sum + gzipBytes(distDir, file), 0) + largest.bytes;
  const language = /^messages-([a-z]+)-/.exec(largest.file)?.[1];
  return {
    name: 'initial JavaScript of /bathrooms (gzip)',
    value: kilobytes(bytes),
    unit: 'KB',
    budget: { limit: INITIAL_JAVASCRIPT_BUDGET_KB, kind: 'at most' },
    note: `${files.size} files in index.html and its modulepreloads, and the ${language} messages (${kilobytes(largest.bytes)} KB; ${messages.map((entry) => `${/^messages-([a-z]+)-/.exec(entry.file)?.[1]} ${kilobytes(entry.bytes)} KB`).join(', ')})`,
  };
}

/**
 * The scripts the page had actually fetched by the time its first list row appeared (lazy screens
 * included), gzip -9 each from the same build: what a first visit waits for before the list shows.
 */
export function javaScriptBeforeFirstRow(distDir: string, scriptPaths: readonly string[]): Figure {
  const files = [...new Set(scriptPaths.map((path) => path.replace(/^\//, '')))];
  return {
    name: 'JavaScript fetched before the first list row (gzip)',
    value: kilobytes(files.reduce((sum, file) => sum + gzipBytes(distDir, file), 0)),
    unit: 'KB',
    note: `${files.length} files, from the browser's resource timings`,
  };
}

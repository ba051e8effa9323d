#!/usr/bin/env node
// Keeps the design's citations true: every `docs/<file>.md#anchor` named in the tracked files must
// reach a heading that exists, no comment may cite the design documents that are not in the
// repository, and every repo path the docs name in backticks must exist. Plain Node, no packages,
// so `npm run lint` can run it before anything is installed or built.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const THIS_SCRIPT = 'scripts/check-docs-links.mjs';
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|html|json|md|sh|ya?ml)$|^\.ci\/run$/;

/** `docs/x.md` or `docs/x.md#anchor`, also as `../docs/x.md`; the anchor is what follows `#`. */
const DOC_LINK = /\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g;
/** A relative markdown link between docs: `](x.md#anchor)`. */
const RELATIVE_DOC_LINK = /\]\(([\w.-]+\.md)(?:#([\w-]+))?\)/g;
/**
 * Citations of the design documents that live outside the repository. The upper-case names are
 * matched as written, so that `docs/architecture.md` is not taken for `ARCHITECTURE.md`.
 */
const OUTSIDE_CITATION = [/ARCHITECTURE( §|\.md)|STYLE( §|\.md)|INTEGRATIONS( §|\.md)/, /spec §|product-spec/i];
/** A backticked path under one of the repository's source folders. */
const REPO_PATH = /`((?:api|web|shared|migrations)\/[^`\s]*|scripts\/[^`\s]+)`/g;

const trackedFiles = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && TEXT_FILE.test(file) && file !== 'pnpm-lock.yaml');

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsByDoc = new Map();
/** The anchors of a doc's headings (GitHub numbers repeats: `name`, `name-1`, ...); null when the doc is missing. */
function anchorsOf(docFile) {
  if (!anchorsByDoc.has(docFile)) {
    const file = path.join(root, 'docs', docFile);
    if (!existsSync(file)) {
      anchorsByDoc.set(docFile, null);
    } else {
      const seen = new Map();
      const anchors = new Set();
      let inFence = false;
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (/^\s*```/.test(line)) inFence = !inFence;
        const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
        if (!heading) continue;
        const base = anchorOf(heading[1]);
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        anchors.add(count === 0 ? base : `${base}-${count}`);
      }
      anchorsByDoc.set(docFile, anchors);
    }
  }
  return anchorsByDoc.get(docFile);
}

// A bare file name in a doc (`leave-feedback.ts` in a table whose row names its folder) must at least
// be the name of some tracked file, so a rename cannot leave the map pointing at nothing.
const BARE_FILE_NAME = /`([a-z0-9][\w.-]*\.(?:ts|tsx|mjs|sh))`/g;
const trackedNames = new Set(trackedFiles.map((file) => path.basename(file)));

const problems = [];
function checkDocLink(where, docFile, anchor) {
  const anchors = anchorsOf(docFile);
  if (anchors === null) {
    problems.push(`${where}: docs/${docFile} does not exist`);
    return;
  }
  if (anchor !== undefined && !anchors.has(anchor)) problems.push(`${where}: docs/${docFile} has no heading for #${anchor}`);
}

for (const file of trackedFiles) {
  if (file === THIS_SCRIPT) continue;
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const isDoc = file.startsWith('docs/') && file.endsWith('.md');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const [, docFile, anchor] of line.matchAll(DOC_LINK)) checkDocLink(where, docFile, anchor);
    if (isDoc) {
      for (const [, docFile, anchor] of line.matchAll(RELATIVE_DOC_LINK)) checkDocLink(where, docFile, anchor);
      for (const [, anchor] of line.matchAll(/\]\(#([\w-]+)\)/g)) checkDocLink(where, path.basename(file), anchor);
      for (const [, repoPath] of line.matchAll(REPO_PATH)) {
        // Patterns, placeholders and build output (`web/dist`, made by `npm run build`) are not files to find.
        if (/[*<>{}]|\.\.\.|(^|\/)dist(\/|$)/.test(repoPath)) continue;
        if (!existsSync(path.join(root, repoPath.replace(/[.,;:]+$/, '')))) problems.push(`${where}: ${repoPath} does not exist`);
      }
      for (const [, name] of line.matchAll(BARE_FILE_NAME)) {
        if (!trackedNames.has(name)) problems.push(`${where}: no tracked file is named ${name}`);
      }
    } else if (OUTSIDE_CITATION.some((citation) => citation.test(line))) {
      problems.push(`${where}: cites a document outside the repository; point at docs/ or state the reason in place`);
    }
  });
}

if (problems.length > 0) {
  console.error(`check-docs-links: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`check-docs-links: ${trackedFiles.length} files checked, every docs link and path holds`);

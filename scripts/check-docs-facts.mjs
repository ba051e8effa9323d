#!/usr/bin/env node
// Keeps the formats and versions the docs state equal to the code's: each fact below is read from
// the constant that decides it, and every place docs/*.md or README.md states it, in the phrases
// listed, must say the same number. Each fact must be stated at least once, so a doc that stops
// saying it is noticed too. Plain Node and plain text, like check-docs-links.mjs: it reads the
// sources as written, so `npm run lint` runs it before anything is built.
//
// To state a fact in a doc so that it is checked, write one of its phrases, e.g. "`SNAPSHOT_FORMAT` 1"
// or "the current Dexie version 6". A past format ("rows of format 3 became format 4") is history and
// is not checked; write it so that it does not read as one of these phrases.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The name in backticks, then optionally `,`, `is` or `=`, then the number: "`SNAPSHOT_FORMAT` 1", "`STORED_COLUMNS_FORMAT`, 2". */
const named = (name) => new RegExp(`\`${name}\`(?:,| is| =)? (\\d+)`, 'g');

/**
 * Each fact: where the code decides it (`source`, read with `read`: the first group of the first
 * match, or with `highest` the largest over every match) and how the docs state it (`phrases`, the
 * first group is the number).
 */
export const FACTS = [
  {
    fact: 'compact-row format',
    source: 'shared/src/restrooms/compact-restroom.ts',
    read: /export const COMPACT_RESTROOM_FORMAT = (\d+);/,
    phrases: [named('COMPACT_RESTROOM_FORMAT'), named('restroomFormat')],
  },
  {
    fact: 'first-sync snapshot format',
    source: 'shared/src/schemas/sync.ts',
    read: /export const SNAPSHOT_FORMAT = (\d+);/,
    phrases: [named('SNAPSHOT_FORMAT')],
  },
  {
    fact: 'column index format',
    source: 'web/src/lib/sync/stored-columns.ts',
    read: /const STORED_COLUMNS_FORMAT = (\d+);/,
    phrases: [named('STORED_COLUMNS_FORMAT')],
  },
  {
    fact: 'Dexie database version',
    source: 'web/src/lib/db/db.ts',
    read: /\bdb\.version\((\d+)\)/g,
    highest: true,
    // The Upgrades section has one heading per version that upgrades, the last being the current one.
    phrases: [/current Dexie version (\d+)/gi, /^### Version (\d+):/gm],
    highestPhrase: true,
  },
  {
    fact: 'PMTiles version read',
    source: 'shared/src/map-pack/pmtiles-header.ts',
    read: /const SUPPORTED_VERSION = (\d+);/,
    phrases: [/PMTiles(?:\]\([^)]*\))? (?:version |v)(\d+)/g],
  },
  {
    fact: 'Refuge Restrooms API version',
    source: 'api/src/config.ts',
    read: /'REFUGE_API_URL', 'https:\/\/[^']*\/api\/v(\d+)\//,
    phrases: [/Refuge Restrooms v(\d+)/g],
  },
];

/** The value of each fact from the sources (`readSource(path)` gives a file's text); throws when a source no longer says it. */
export function readFacts(readSource, facts = FACTS) {
  return new Map(
    facts.map(({ fact, source, read, highest }) => {
      const text = readSource(source);
      const numbers = highest ? [...text.matchAll(read)].map((match) => Number(match[1])) : [read.exec(text)?.[1]].filter(Boolean).map(Number);
      if (numbers.length === 0) throw new Error(`check-docs-facts: ${source} no longer says the ${fact} as ${read}; update scripts/check-docs-facts.mjs`);
      return [fact, Math.max(...numbers)];
    }),
  );
}

/**
 * What the docs (file name to text) get wrong about `values` (fact to number): each statement of
 * another number, and each fact no doc states. With `highestPhrase`, only the largest number the
 * docs state counts (earlier versions are each described in turn).
 */
export function factProblems(docs, values, facts = FACTS) {
  const problems = [];
  for (const { fact, source, phrases, highestPhrase } of facts) {
    const value = values.get(fact);
    const statements = [];
    for (const [file, text] of docs) {
      for (const phrase of phrases) {
        for (const match of text.matchAll(phrase)) {
          const line = text.slice(0, match.index).split('\n').length;
          statements.push({ where: `${file}:${line}`, number: Number(match[1]), said: match[0] });
        }
      }
    }
    if (statements.length === 0) {
      problems.push(`no doc states the ${fact} (${value}, in ${source})`);
      continue;
    }
    const checked = highestPhrase ? statements.filter((statement) => statement.number === Math.max(...statements.map((s) => s.number))) : statements;
    for (const { where, number, said } of checked) {
      if (number !== value) problems.push(`${where}: "${said}" says the ${fact} is ${number}; ${source} says ${value}`);
    }
  }
  return problems;
}

/** docs/*.md and README.md, by repo path. */
export function readDocs(root) {
  const docs = new Map();
  for (const name of readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md')).sort()) {
    docs.set(`docs/${name}`, readFileSync(path.join(root, 'docs', name), 'utf8'));
  }
  docs.set('README.md', readFileSync(path.join(root, 'README.md'), 'utf8'));
  return docs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const values = readFacts((source) => readFileSync(path.join(root, source), 'utf8'));
  const problems = factProblems(readDocs(root), values);
  if (problems.length > 0) {
    console.error(`check-docs-facts: ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`check-docs-facts: ${[...values].map(([fact, value]) => `${fact} ${value}`).join(', ')}: the docs agree`);
}

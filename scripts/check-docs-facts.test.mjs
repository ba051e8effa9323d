// node --test scripts/ (scripts/run-suites.mjs runs it first).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { factProblems, FACTS, readDocs, readFacts } from './check-docs-facts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readSource = (source) => readFileSync(path.join(root, source), 'utf8');

/** The repo's docs with `edit` applied to one of them. */
function docsWith(file, edit) {
  const docs = readDocs(root);
  docs.set(file, edit(docs.get(file)));
  return docs;
}

describe('check-docs-facts', () => {
  const values = readFacts(readSource);

  it('reads each fact from the code', () => {
    assert.equal(values.get('compact-row format'), Number(/COMPACT_RESTROOM_FORMAT = (\d+)/.exec(readSource('shared/src/restrooms/compact-restroom.ts'))[1]));
    assert.equal(values.get('first-sync snapshot format'), Number(/SNAPSHOT_FORMAT = (\d+)/.exec(readSource('shared/src/schemas/sync.ts'))[1]));
    assert.equal(values.get('Dexie database version'), Math.max(...[...readSource('web/src/lib/db/db.ts').matchAll(/db\.version\((\d+)\)/g)].map((m) => Number(m[1]))));
  });

  it('finds the docs true as they stand', () => {
    assert.deepEqual(factProblems(readDocs(root), values), []);
  });

  it('fails on a doc that names an older snapshot row format as today’s', () => {
    const compact = values.get('compact-row format');
    const docs = docsWith('docs/architecture.md', (text) => `${text}\nThe first-sync snapshot carries \`restroomFormat\` ${compact - 2}.\n`);
    const problems = factProblems(docs, values);
    assert.equal(problems.length, 1);
    assert.match(problems[0], new RegExp(`^docs/architecture\\.md:\\d+: "\`restroomFormat\` ${compact - 2}" says the compact-row format is ${compact - 2}; shared/src/restrooms/compact-restroom\\.ts says ${compact}$`));
  });

  it('fails on a wrong snapshot format, column index format or PMTiles version', () => {
    const docs = docsWith(
      'docs/offline-data.md',
      (text) => `${text}\n\`SNAPSHOT_FORMAT\` is 9, \`STORED_COLUMNS_FORMAT\`, 9, and a PMTiles version 9 archive.\n`,
    );
    const problems = factProblems(docs, values);
    assert.deepEqual(
      problems.map((problem) => /says the (.*) is 9/.exec(problem)?.[1]),
      ['first-sync snapshot format', 'column index format', 'PMTiles version read'],
    );
  });

  it('fails when the last upgrade the docs describe is not the database’s current version', () => {
    const next = values.get('Dexie database version') + 1;
    const docs = docsWith('docs/offline-data.md', (text) => `${text}\n### Version ${next}: something new\n`);
    assert.deepEqual(factProblems(docs, values), [
      `docs/offline-data.md:${docs.get('docs/offline-data.md').split('\n').length - 1}: "### Version ${next}:" says the Dexie database version is ${next}; web/src/lib/db/db.ts says ${next - 1}`,
    ]);
  });

  it('fails when no doc states a fact any more', () => {
    const docs = new Map([...readDocs(root)].map(([file, text]) => [file, text.replaceAll('`SNAPSHOT_FORMAT`', 'the snapshot format')]));
    assert.deepEqual(factProblems(docs, values), ['no doc states the first-sync snapshot format (1, in shared/src/schemas/sync.ts)']);
  });

  it('stops when a source no longer says its fact the way it is read', () => {
    assert.throws(() => readFacts(() => 'export const SNAPSHOT_FORMAT = next;', FACTS.slice(1, 2)), /shared\/src\/schemas\/sync\.ts no longer says the first-sync snapshot format/);
  });
});

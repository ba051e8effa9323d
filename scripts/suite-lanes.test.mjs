// node --test scripts/ (scripts/run-suites.mjs runs it first).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectedSeconds, laneCount, takeLongestFirst } from './suite-lanes.mjs';

test('the PostgreSQL run and the unit suites go first, then the longest end-to-end files, and a new file last', () => {
  const names = ['e2e/a-new-one.e2e.ts', 'e2e/outbox.e2e.ts', 'web unit suite', 'e2e/every-screen-axe.e2e.ts', 'api suite on PostgreSQL', 'api unit suite (SQLite)'];
  const ordered = takeLongestFirst(names, expectedSeconds);
  assert.deepEqual(ordered, ['api suite on PostgreSQL', 'web unit suite', 'api unit suite (SQLite)', 'e2e/every-screen-axe.e2e.ts', 'e2e/outbox.e2e.ts', 'e2e/a-new-one.e2e.ts']);
});

test('jobs expected to take as long keep the order they came in', () => {
  assert.deepEqual(takeLongestFirst(['e2e/b.e2e.ts', 'e2e/a.e2e.ts', 'e2e/c.e2e.ts'], expectedSeconds), ['e2e/b.e2e.ts', 'e2e/a.e2e.ts', 'e2e/c.e2e.ts']);
});

test('two lanes unless ALLSTALL_TEST_LANES says otherwise, and a clear error for a setting that is not a count', () => {
  assert.equal(laneCount(undefined), 2);
  assert.equal(laneCount(''), 2);
  assert.equal(laneCount('3'), 3);
  assert.throws(() => laneCount('0'), /ALLSTALL_TEST_LANES=0: expected a whole number from 1/);
  assert.throws(() => laneCount('two'), /ALLSTALL_TEST_LANES=two/);
});

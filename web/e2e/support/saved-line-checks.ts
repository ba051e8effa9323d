import assert from 'node:assert/strict';
import { parseSavedText, type FirstSyncRecord, type SavedCount } from './first-sync-watch.js';

/** One text the saved line showed, read as numbers, and when. */
export interface ShownCount {
  ms: number;
  text: string;
  count: SavedCount;
}

/**
 * What a first sync of `total` restrooms must have said, whatever else the test checks: progress
 * lines counting toward `total`, with separators, only ever upwards, ending with
 * "`total` restrooms saved on this device", and no final line ever said of a part. Returns the texts read.
 */
export function assertSavedLineClimbsTo(record: FirstSyncRecord, total: number): ShownCount[] {
  const texts = record.savedTexts.map((entry) => entry.text);
  const said = texts.join(' | ');
  const shown = record.savedTexts.map((entry) => {
    const count = parseSavedText(entry.text);
    assert.ok(count !== null, `an unreadable saved line: "${entry.text}"`);
    return { ...entry, count };
  });
  const counts = shown.map((entry) => entry.count);
  const progress = counts.filter((count) => !count.final);
  assert.ok(progress.length > 0, `no "Saving restrooms on this device: N of ${total.toLocaleString('en-US')}" line was shown; the saved line said: ${said}`);
  for (const count of progress) {
    assert.equal(count.total, total, `a progress line counted toward ${count.total}: ${said}`);
    // "N of N" is true while the last batch's cursor is being written (it showed on a loaded machine
    // once); only the final line's wording claims the set is ready offline, checked below.
    assert.ok(count.saved <= total, `a progress line counted past the total: ${said}`);
  }
  assert.equal(texts.at(-1), `${total.toLocaleString('en-US')} restrooms saved on this device`);
  assert.deepEqual(
    counts.filter((count) => count.final).map((count) => count.saved),
    counts.filter((count) => count.final).map(() => total),
    `the saved line claimed a part as the whole: ${said}`,
  );
  assert.ok(
    counts.every((count) => count.separated),
    `numbers without thousands separators: ${said}`,
  );
  counts.forEach((count, at) => {
    if (at > 0) assert.ok(count.saved >= counts[at - 1]!.saved, `the saved count went down: ${said}`);
  });
  return shown;
}

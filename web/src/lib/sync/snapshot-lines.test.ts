import { describe, expect, it } from 'vitest';
import { COMPACT_AT, COMPACT_FLAGS_MAX, compactRestroom, RESTROOM_ACCESS_VALUES, RESTROOM_FEE_VALUES } from '@allstall/shared';
import { makeRestroom } from '@/test/fixtures';
import { snapshotBody, snapshotLines } from '@/test/snapshot-body';
import { isCompactRestroom } from './compact-row-check';
import { ndjsonLines, parseSnapshotLine, SnapshotFormatError } from './snapshot-lines';

const row = (overrides: Parameters<typeof makeRestroom>[0] = {}) => compactRestroom(makeRestroom(overrides));
const withValue = (at: number, value: unknown) => {
  const changed: unknown[] = [...row()];
  changed[at] = value;
  return changed;
};

describe("the snapshot's hand check of compact rows (format 4)", () => {
  it('accepts every access value and unknown, every fee and unknown, and amenities known yes, known no and unknown', () => {
    for (const access of [...RESTROOM_ACCESS_VALUES, null]) expect(isCompactRestroom(row({ access }))).toBe(true);
    for (const fee of [...RESTROOM_FEE_VALUES, null]) expect(isCompactRestroom(row({ fee }))).toBe(true);
    expect(isCompactRestroom(row({ unisex: true, accessible: false, changing_table: null, is_single_stall: null, menstrual_products: false }))).toBe(true);
    const everything = row({ unisex: true, accessible: true, changing_table: true, is_single_stall: true, menstrual_products: true, is_removed: true });
    expect(everything[COMPACT_AT.flags]).toBe(COMPACT_FLAGS_MAX);
    expect(isCompactRestroom(everything)).toBe(true);
  });

  it('refuses an access or a fee it does not know, flags past the largest, and rows of the older, shorter formats', () => {
    expect(isCompactRestroom(withValue(COMPACT_AT.access, 'private'))).toBe(false);
    expect(isCompactRestroom(withValue(COMPACT_AT.fee, 'yes'))).toBe(false);
    expect(isCompactRestroom(withValue(COMPACT_AT.fee, false))).toBe(false);
    expect(isCompactRestroom(row().slice(0, 21))).toBe(false);
    expect(isCompactRestroom(withValue(COMPACT_AT.access, true))).toBe(false);
    expect(isCompactRestroom(withValue(COMPACT_AT.flags, COMPACT_FLAGS_MAX + 1))).toBe(false);
    expect(isCompactRestroom(withValue(COMPACT_AT.flags, -1))).toBe(false);
    expect(isCompactRestroom(row().slice(0, 20))).toBe(false);
    expect(isCompactRestroom(row().slice(0, 19))).toBe(false);
  });

  it("reads a server's restroom line with unknowns and access as the same rows, and refuses a line holding a bad access", async () => {
    const restrooms = [makeRestroom({ unisex: null, access: 'key' }), makeRestroom({ is_single_stall: false, access: null })];
    const [, ...lines] = snapshotLines('5', restrooms);
    const texts: string[] = [];
    for await (const text of ndjsonLines(snapshotBody(lines))) texts.push(text);
    const parsed = await parseSnapshotLine(texts[0]!, async () => true);
    expect(parsed).toEqual({ restrooms: restrooms.map(compactRestroom) });

    const bad = JSON.parse(texts[0]!) as { restroomColumns: unknown[][] };
    bad.restroomColumns[COMPACT_AT.access]![0] = 'private';
    await expect(parseSnapshotLine(JSON.stringify(bad), async () => true)).rejects.toBeInstanceOf(SnapshotFormatError);
  });
});

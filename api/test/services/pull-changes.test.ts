import { describe, expect, it } from 'vitest';
import { cursorAfter, pullStart } from '../../src/services/pull-changes.js';

// The feed's bounds in these cases: versions up to 500 handed out, deletions before 100 pruned.
const SEQ = 500;
const FLOOR = 100;

describe('where a pull of the change feed starts', () => {
  it('reads everything public, and nothing departed, for a device with no cursor', () => {
    expect(pullStart(null, SEQ, FLOOR)).toEqual({ reset: false, afterVersion: 0, includeDeparted: false });
  });

  it('continues after a cursor inside the bounds, with what left the public view', () => {
    expect(pullStart(100, SEQ, FLOOR)).toEqual({ reset: false, afterVersion: 100, includeDeparted: true });
    expect(pullStart(SEQ, SEQ, FLOOR)).toEqual({ reset: false, afterVersion: SEQ, includeDeparted: true });
  });

  it('starts the device over from a cursor below the tombstone floor (it may have missed deletions)', () => {
    expect(pullStart(99, SEQ, FLOOR)).toEqual({ reset: true, afterVersion: 0, includeDeparted: false });
  });

  it('starts the device over from a cursor past the last version (another database gave it)', () => {
    expect(pullStart(501, SEQ, FLOOR)).toEqual({ reset: true, afterVersion: 0, includeDeparted: false });
  });
});

describe('the cursor a pull hands back', () => {
  it('is the last version of the page while more follows', () => {
    expect(cursorAfter({ more: true, lastVersion: 250 }, 200, SEQ)).toBe(250);
  });

  it('is the last version handed out once nothing is left, past hidden rows the page skipped', () => {
    expect(cursorAfter({ more: false, lastVersion: 250 }, 200, SEQ)).toBe(SEQ);
    expect(cursorAfter({ more: false, lastVersion: null }, 200, SEQ)).toBe(SEQ);
  });

  it('hands a device that is up to date its own cursor back', () => {
    expect(cursorAfter({ more: false, lastVersion: null }, SEQ, SEQ)).toBe(SEQ);
  });
});

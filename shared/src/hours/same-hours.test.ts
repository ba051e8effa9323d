import { describe, expect, it } from 'vitest';
import { sameWeeklyHours } from './same-hours.js';

describe('sameWeeklyHours', () => {
  it('ignores the order ranges are listed in', () => {
    expect(
      sameWeeklyHours(
        [{ day: 1, open: 900, close: 1700 }, { day: 0, open: 1200, close: 1700 }],
        [{ day: 0, open: 1200, close: 1700 }, { day: 1, open: 900, close: 1700 }],
      ),
    ).toBe(true);
  });

  it('tells a changed time or a missing day apart', () => {
    expect(sameWeeklyHours([{ day: 1, open: 900, close: 1700 }], [{ day: 1, open: 900, close: 1800 }])).toBe(false);
    expect(sameWeeklyHours([{ day: 1, open: 900, close: 1700 }], null)).toBe(false);
  });

  it('counts unknown hours as the same as unknown', () => {
    expect(sameWeeklyHours(null, null)).toBe(true);
  });
});

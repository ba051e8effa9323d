import { describe, expect, it } from 'vitest';
import { makeRestroom, testId } from '@/test/fixtures';
import { filterRestrooms, restroomStatusWords } from './restroom-filter';

describe('filterRestrooms', () => {
  const library = makeRestroom({ id: testId(0xabc), name: 'Quiet Library' });
  const cafe = makeRestroom({ id: testId(0xdef), name: 'Corner Cafe' });

  it('keeps the restrooms whose name or id contains the text, ignoring case and spaces around it', () => {
    expect(filterRestrooms([library, cafe], '  LIBRARY ')).toEqual([library]);
    expect(filterRestrooms([library, cafe], '000def')).toEqual([cafe]);
    expect(filterRestrooms([library, cafe], ' ')).toEqual([library, cafe]);
    expect(filterRestrooms([library, cafe], 'museum')).toEqual([]);
  });
});

describe('restroomStatusWords', () => {
  it('says removed before the review status', () => {
    expect(restroomStatusWords({ status: 'approved', is_removed: true })).toBe('Removed');
    expect(restroomStatusWords({ status: 'pending', is_removed: false })).toBe('Pending');
    expect(restroomStatusWords({ status: 'rejected', is_removed: false })).toBe('Rejected');
  });
});

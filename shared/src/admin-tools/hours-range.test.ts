import { describe, expect, it } from 'vitest';
import { hoursRangeProblem } from './hours-range.js';

const early = '0193a1b2-0000-7000-8000-00000000000a';
const late = '0193a1b3-0000-7000-8000-00000000000b';

describe('hoursRangeProblem', () => {
  it('accepts a range in order, and a range of one', () => {
    expect(hoursRangeProblem({ minId: early, maxId: late })).toBeNull();
    expect(hoursRangeProblem({ minId: early, maxId: early.toUpperCase() })).toBeNull();
  });

  it('refuses a range whose end comes first, naming maxId', () => {
    expect(hoursRangeProblem({ minId: late, maxId: early })).toMatchObject({ field: 'maxId', message: 'The max id must not come before the min id.' });
  });
});

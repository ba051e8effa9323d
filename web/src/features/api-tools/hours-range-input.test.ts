import { describe, expect, it } from 'vitest';
import { checkHoursRangeInput } from './hours-range-input';

const early = '0192f3a4-5b6c-7d8e-9f01-000000000001';
const late = '0192f3a4-5b6c-7d8e-9f01-000000000009';

describe('checkHoursRangeInput', () => {
  it('takes two ids in order, trimmed, and the same id at both ends', () => {
    expect(checkHoursRangeInput(` ${early} `, late)).toEqual({ body: { minId: early, maxId: late }, problem: null });
    expect(checkHoursRangeInput(early, early).body).toEqual({ minId: early, maxId: early });
  });

  it('asks for each missing id, min first', () => {
    expect(checkHoursRangeInput('', '').problem).toEqual({ field: 'minId', message: 'Enter the min restroom id, or pick a restroom from the list.' });
    expect(checkHoursRangeInput(early, ' ').problem).toEqual({ field: 'maxId', message: 'Enter the max restroom id, or pick a restroom from the list.' });
  });

  it('refuses text that is not an id', () => {
    expect(checkHoursRangeInput('12', late).problem?.field).toBe('minId');
    expect(checkHoursRangeInput('12', late).problem?.message).toMatch(/^Min restroom id must be a restroom id/);
  });

  it("refuses a range that ends before it starts, in the server's words", () => {
    expect(checkHoursRangeInput(late, early).problem).toEqual({ field: 'maxId', message: 'The max id must not come before the min id.' });
  });
});

import { describe, expect, it } from 'vitest';
import { distanceText } from './listed-restroom';

describe('distanceText', () => {
  it('always shows two decimals', () => {
    expect(distanceText(0.1)).toBe('0.10 mi');
    expect(distanceText(12.345)).toBe('12.35 mi');
  });
});

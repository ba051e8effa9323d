import { describe, expect, it } from 'vitest';
import { distanceText } from './listed-restroom';

describe('distanceText', () => {
  it('always shows two decimals, in the region’s units', () => {
    expect(distanceText(0.1, 'mi')).toBe('0.10 mi');
    expect(distanceText(12.345, 'mi')).toBe('12.35 mi');
    expect(distanceText(0.42, 'km')).toBe('0.68 km');
  });
});

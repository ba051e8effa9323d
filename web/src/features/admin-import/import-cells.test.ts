import { describe, expect, it } from 'vitest';
import { accessValueText, amenityValueText } from '@/lib/restrooms/listing-choices';
import { coordinateText } from './import-cells';

describe('import table cells', () => {
  it('rounds a coordinate to five decimals and dashes a missing one', () => {
    expect(coordinateText(44.9777531)).toBe('44.97775');
    expect(coordinateText(null)).toBe('—');
  });

  it('says Yes, No or Unknown for an amenity: unknown is not No', () => {
    expect([amenityValueText(true), amenityValueText(false), amenityValueText(null)]).toEqual(['Yes', 'No', 'Unknown']);
  });

  it('says who may use it in words, Unknown when the source does not say', () => {
    expect(['public', 'customers', 'key', null].map((value) => accessValueText(value as never))).toEqual([
      'Open to the public',
      'Customers only',
      'Ask for a key',
      'Unknown',
    ]);
  });
});

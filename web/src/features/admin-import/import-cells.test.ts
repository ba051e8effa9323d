import { describe, expect, it } from 'vitest';
import { coordinateText, yesNoText } from './import-cells';

describe('import table cells', () => {
  it('rounds a coordinate to five decimals and dashes a missing one', () => {
    expect(coordinateText(44.9777531)).toBe('44.97775');
    expect(coordinateText(null)).toBe('—');
  });

  it('says Yes or No for an amenity', () => {
    expect([yesNoText(true), yesNoText(false)]).toEqual(['Yes', 'No']);
  });
});

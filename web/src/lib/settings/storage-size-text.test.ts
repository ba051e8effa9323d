import { describe, expect, it } from 'vitest';
import { storageSizeText } from './storage-size-text';

describe('storageSizeText', () => {
  it('writes kB, MB and GB of 1,000, with one decimal at most, in the active language', () => {
    expect(storageSizeText(0, 'en')).toBe('0 kB');
    expect(storageSizeText(912_400, 'en')).toBe('912.4 kB');
    expect(storageSizeText(12_345_678, 'en')).toBe('12.3 MB');
    expect(storageSizeText(1_250_000_000, 'en')).toBe('1.3 GB');
    expect(storageSizeText(12_345_678, 'es')).toBe('12,3 MB');
    expect(storageSizeText(1_250_000_000, 'es-MX')).toBe('1.3 GB');
  });
});

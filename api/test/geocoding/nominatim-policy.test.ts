import { describe, expect, it } from 'vitest';
import { createNominatimProvider } from '../../src/geocoding/nominatim.js';

describe('Nominatim autocomplete', () => {
  it('suggests nothing against the public server, whose usage policy forbids search-as-you-type', async () => {
    // With a 1 ms timeout any request would throw, so an empty answer means none was made.
    const provider = createNominatimProvider({ url: 'https://nominatim.openstreetmap.org', timeoutMs: 1 });
    expect(await provider.autocomplete('walker art', undefined)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { makeRestroom } from '@/test/fixtures';
import { matchRestrooms } from './match-restrooms';

describe('matchRestrooms', () => {
  it('finds a name regardless of case and accents', () => {
    const cafe = makeRestroom({ name: 'Café Mocha', street: '1 Lake St' });
    const other = makeRestroom({ name: 'Library', street: '2 Hennepin Ave' });
    expect(matchRestrooms([other, cafe], 'CAFE')).toEqual([cafe]);
    expect(matchRestrooms([other, cafe], 'mOcHá')).toEqual([cafe]);
  });

  it('looks in the street and city too, and needs every word typed', () => {
    const lake = makeRestroom({ name: 'Library', street: '300 Nicollet Mall', city: 'Minneapolis' });
    const paul = makeRestroom({ name: 'Library', street: '90 4th St', city: 'Saint Paul' });
    expect(matchRestrooms([lake, paul], 'nicollet')).toEqual([lake]);
    expect(matchRestrooms([lake, paul], 'library saint')).toEqual([paul]);
    expect(matchRestrooms([lake, paul], 'library duluth')).toEqual([]);
  });

  it('puts names that start with the text first, then names holding it, keeping the given order within each', () => {
    const onStreet = makeRestroom({ name: 'Corner Store', street: '1 Park Ave' });
    const holds = makeRestroom({ name: 'Loring Park Pavilion' });
    const starts = makeRestroom({ name: 'Park Cafe' });
    const startsToo = makeRestroom({ name: 'Parkway Theater' });
    expect(matchRestrooms([onStreet, holds, starts, startsToo], 'park').map((r) => r.name)).toEqual([
      'Park Cafe',
      'Parkway Theater',
      'Loring Park Pavilion',
      'Corner Store',
    ]);
  });

  it('stops at the limit and offers nothing for blank text', () => {
    const rows = Array.from({ length: 10 }, (_, i) => makeRestroom({ name: `Cafe ${i}` }));
    expect(matchRestrooms(rows, 'cafe')).toHaveLength(6);
    expect(matchRestrooms(rows, 'cafe', 2).map((r) => r.name)).toEqual(['Cafe 0', 'Cafe 1']);
    expect(matchRestrooms(rows, '   ')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_REGION } from '../region.js';
import { addressLine, splitAddress, usStateCode } from './address.js';

describe('splitAddress', () => {
  it.each([
    ['725 Vineland Place, Minneapolis, MN 55403', '725 Vineland Place', 'Minneapolis', 'MN'],
    ['1234 Hennepin Ave S, Minneapolis, Minnesota 55403, United States', '1234 Hennepin Ave S', 'Minneapolis', 'MN'],
    ['Minneapolis, MN', '', 'Minneapolis', 'MN'],
    ['2400 3rd Ave S, Minneapolis, MN 55404-3506, USA', '2400 3rd Ave S', 'Minneapolis', 'MN'],
    ['100 Main St, Kansas City, Missouri 64105', '100 Main St', 'Kansas City', 'MO'],
    ['350 5th Ave, New York, NY 10118, United States of America', '350 5th Ave', 'New York', 'NY'],
    ['1 Main St, Hudson, wisconsin', '1 Main St', 'Hudson', 'WI'],
    ['1 Main St, Hudson, wi', '1 Main St', 'Hudson', 'WI'],
  ])('splits %j', (formatted, street, city, state) => {
    expect(splitAddress(formatted)).toEqual({ street, city, state });
  });

  it('takes a state written after the city without a comma, with or without a ZIP code', () => {
    expect(splitAddress('725 Vineland Pl, Minneapolis MN 55403')).toEqual({ street: '725 Vineland Pl', city: 'Minneapolis', state: 'MN' });
    expect(splitAddress('725 Vineland Pl, Minneapolis MN')).toEqual({ street: '725 Vineland Pl', city: 'Minneapolis', state: 'MN' });
    expect(splitAddress('100 Main St, Kansas City Missouri 64105')).toEqual({ street: '100 Main St', city: 'Kansas City', state: 'MO' });
    expect(splitAddress('Minneapolis MN 55403')).toEqual({ street: '', city: 'Minneapolis', state: 'MN' });
    expect(splitAddress('1 Capitol St, Charleston West Virginia 25301')).toEqual({ street: '1 Capitol St', city: 'Charleston', state: 'WV' });
  });

  it('gives the region’s state when the address names none', () => {
    expect(splitAddress('725 Vineland Place, Minneapolis')).toEqual({ street: '725 Vineland Place', city: 'Minneapolis', state: DEFAULT_REGION.state });
    expect(splitAddress('725 Vineland Place, Minneapolis 55403')).toEqual({ street: '725 Vineland Place', city: 'Minneapolis', state: 'MN' });
    expect(splitAddress('Dock St, Duluth', 'WI')).toEqual({ street: 'Dock St', city: 'Duluth', state: 'WI' });
  });

  it('makes a bare place name the street, with no city, even when it reads like a state', () => {
    expect(splitAddress('Mall of America')).toEqual({ street: 'Mall of America', city: '', state: 'MN' });
    expect(splitAddress('  Mall   of America  ')).toEqual({ street: 'Mall of America', city: '', state: 'MN' });
    expect(splitAddress('Texas')).toEqual({ street: 'Texas', city: '', state: 'MN' });
    expect(splitAddress('Minneapolis MN')).toEqual({ street: 'Minneapolis MN', city: '', state: 'MN' });
  });

  it('keeps a lone numbered street a street, even with a state', () => {
    expect(splitAddress('725 Vineland Place, MN 55403')).toEqual({ street: '725 Vineland Place', city: '', state: 'MN' });
  });

  it('does not read a compass suffix like NE as a state', () => {
    expect(splitAddress('Surly Brewing, 520 Malcolm Ave SE')).toEqual({ street: '520 Malcolm Ave SE', city: '', state: 'MN' });
    expect(splitAddress('Eat Street, 1234 Central Ave NE')).toEqual({ street: '1234 Central Ave NE', city: '', state: 'MN' });
    expect(splitAddress('1234 Central Ave NE, Minneapolis, MN')).toEqual({ street: '1234 Central Ave NE', city: 'Minneapolis', state: 'MN' });
    expect(splitAddress('123 Washington 55401')).toEqual({ street: '123 Washington', city: '', state: 'MN' });
  });

  it('prefers the house-numbered part over a place name before it, keeping a unit after it', () => {
    expect(splitAddress('Walker Art Center, 725 Vineland Place, Minneapolis, MN 55403')).toEqual({
      street: '725 Vineland Place',
      city: 'Minneapolis',
      state: 'MN',
    });
    expect(splitAddress('Caribou Coffee, 13250 Grove Dr, Suite 2, Maple Grove, MN')).toEqual({
      street: '13250 Grove Dr, Suite 2',
      city: 'Maple Grove',
      state: 'MN',
    });
    expect(splitAddress('Mall of America, Bloomington, MN')).toEqual({ street: 'Mall of America', city: 'Bloomington', state: 'MN' });
  });

  it('reads a Nominatim display name: bare house number, neighbourhood, county, ZIP and country as parts', () => {
    expect(
      splitAddress('Walker Art Center, 725, Vineland Place, Lowry Hill, Minneapolis, Hennepin County, Minnesota, 55403, United States'),
    ).toEqual({ street: '725 Vineland Place', city: 'Minneapolis', state: 'MN' });
  });

  it('gives empty street and city for an empty or comma-only address', () => {
    expect(splitAddress('')).toEqual({ street: '', city: '', state: 'MN' });
    expect(splitAddress(' , ,')).toEqual({ street: '', city: '', state: 'MN' });
    expect(splitAddress('United States')).toEqual({ street: '', city: '', state: 'MN' });
  });
});

describe('usStateCode', () => {
  it('knows names and codes in any case, and nothing else', () => {
    expect(usStateCode('Minnesota')).toBe('MN');
    expect(usStateCode('  new   YORK ')).toBe('NY');
    expect(usStateCode('District of Columbia')).toBe('DC');
    expect(usStateCode('mn')).toBe('MN');
    expect(usStateCode('Minneapolis')).toBeUndefined();
    expect(usStateCode('XX')).toBeUndefined();
    expect(usStateCode('')).toBeUndefined();
  });
});

describe('addressLine', () => {
  const minneapolis = { state: 'MN', country: 'US' };
  const row = (street: string, city: string, state: string, country: string) => ({ street, city, state, country });

  it('reads "street, city, MN" for a Minneapolis row in the Minneapolis deployment, as always', () => {
    expect(addressLine(row('725 Vineland Place', 'Minneapolis', 'MN', 'US'), minneapolis)).toBe('725 Vineland Place, Minneapolis, MN');
    // Rows from before states and countries were kept say nothing: the region's state, no country.
    expect(addressLine(row('725 Vineland Place', 'Minneapolis', '', ''), minneapolis)).toBe('725 Vineland Place, Minneapolis, MN');
    expect(addressLine(row('Mall of America', '', '', 'US'), minneapolis)).toBe('Mall of America, MN');
  });

  it('says the row’s own state, whatever the deployment', () => {
    expect(addressLine(row('233 S Wacker Dr', 'Chicago', 'IL', 'US'), minneapolis)).toBe('233 S Wacker Dr, Chicago, IL');
    expect(addressLine(row('233 S Wacker Dr', 'Chicago', '', 'us'), { state: 'IL', country: 'US' })).toBe('233 S Wacker Dr, Chicago, IL');
  });

  it('adds the country by name for a row outside the deployment’s country, never the deployment’s state', () => {
    expect(addressLine(row('100 Queen St W', 'Toronto', 'ON', 'CA'), minneapolis)).toBe('100 Queen St W, Toronto, ON, Canada');
    expect(addressLine(row('Unter den Linden 1', 'Berlin', '', 'de'), minneapolis)).toBe('Unter den Linden 1, Berlin, Germany');
    expect(addressLine(row('1 Main St', 'Somewhere', '', 'Atlantis'), minneapolis)).toBe('1 Main St, Somewhere, Atlantis');
  });

  it('leaves the country off in a deployment outside the US for its own rows, and names the US for a US row', () => {
    const toronto = { state: 'ON', country: 'CA' };
    expect(addressLine(row('100 Queen St W', 'Toronto', 'ON', 'CA'), toronto)).toBe('100 Queen St W, Toronto, ON');
    expect(addressLine(row('1 Main St', 'Buffalo', 'NY', 'US'), toronto)).toBe('1 Main St, Buffalo, NY, United States');
  });
});

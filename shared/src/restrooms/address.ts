import { DEFAULT_REGION, type Region } from '../region.js';

/** A one-line address split into the columns a restroom keeps. */
export interface AddressParts {
  street: string;
  city: string;
  /** Two-letter code when recognisable ('MN'), else the text as written, else the fallback state. */
  state: string;
}

const US_STATE_CODES: Readonly<Record<string, string>> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO',
  connecticut: 'CT', delaware: 'DE', 'district of columbia': 'DC', florida: 'FL', georgia: 'GA',
  hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY',
  louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN',
  mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH',
  'new jersey': 'NJ', 'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND',
  ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', 'rhode island': 'RI',
  'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT',
  virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
  'puerto rico': 'PR', guam: 'GU', 'u.s. virgin islands': 'VI', 'american samoa': 'AS',
  'northern mariana islands': 'MP',
};
const KNOWN_CODES = new Set(Object.values(US_STATE_CODES));

const US_COUNTRY = /^(united states( of america)?|usa?|u\.s\.(a\.)?)$/i;
const ZIP = /^\d{5}(-\d{4})?$/;
/** "Minneapolis MN 55403", "Minneapolis, Minnesota 55403": a city or state, a space, then a ZIP code. */
const TRAILING_ZIP = /^(.*\S)\s+(\d{5}(?:-\d{4})?)$/;
/** "Minneapolis MN": a capitalised two-letter code at the end of a part. */
const TRAILING_CODE = /^(.*\S)\s+([A-Z]{2})$/;
const COUNTY = /\bcounty$/i;
/** A part that is only a house number: Nominatim writes "725, Vineland Place". */
const BARE_HOUSE_NUMBER = /^\d+[A-Za-z]?$/;
const HOUSE_NUMBERED = /^\d+[A-Za-z]?(-\d+)?\s/;
/** A part that only makes sense after the street it belongs to ("Suite 2", "#104"). */
const UNIT = /^(suite|ste\.?|unit|apt\.?|room|rm\.?|floor|fl\.?|level|#)\s*\S/i;

/** The two-letter code for a state written as its name or its code, in any case; undefined otherwise. */
export function usStateCode(text: string): string | undefined {
  const folded = text.trim().replace(/\s+/g, ' ').toLowerCase();
  const upper = folded.toUpperCase();
  if (KNOWN_CODES.has(upper)) return upper;
  return US_STATE_CODES[folded];
}

/**
 * Splits a one-line address, as a geocoder or a person writes it, into street, city and state:
 * "725 Vineland Place, Minneapolis, MN 55403", "1234 Hennepin Ave S, Minneapolis, Minnesota 55403,
 * United States", "Minneapolis, MN", or a bare "Mall of America" (which becomes the street). The
 * country and ZIP code are dropped; a state name becomes its code; with no state the region's is
 * used. Built for US addresses: elsewhere the parts still land somewhere sensible, unrecognised.
 */
export function splitAddress(formatted: string, fallbackState: string = DEFAULT_REGION.state): AddressParts {
  const parts = formatted
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '');
  if (US_COUNTRY.test(parts.at(-1) ?? '')) parts.pop();
  const sawZip = dropZip(parts);
  const state = takeState(parts, sawZip);
  while (parts.length > 1 && COUNTY.test(parts.at(-1) ?? '')) parts.pop();

  const { street, city } = streetAndCity(parts, state !== undefined || sawZip);
  return { street, city, state: state ?? fallbackState };
}

/** Removes a ZIP code from the end of the last part (or the part itself); true when there was one. */
function dropZip(parts: string[]): boolean {
  const last = parts.at(-1) ?? '';
  if (ZIP.test(last)) {
    parts.pop();
    return true;
  }
  const beforeZip = TRAILING_ZIP.exec(last)?.[1];
  if (beforeZip === undefined) return false;
  parts[parts.length - 1] = beforeZip;
  return true;
}

/**
 * Removes the state from the end of `parts` and returns its code: a part of its own ("MN",
 * "Minnesota") or the end of the city's part ("Minneapolis MN"). A lone part is only a state when a
 * ZIP code came with it, so a bare "Texas" stays the place it names; a state at the end of a part
 * is only believed after a city, never after a house number ("1234 Central Ave NE" is a street).
 */
function takeState(parts: string[], sawZip: boolean): string | undefined {
  const last = parts.at(-1);
  if (last === undefined || (parts.length === 1 && !sawZip)) return undefined;
  const ownPart = usStateCode(last);
  if (ownPart !== undefined) {
    parts.pop();
    return ownPart;
  }
  if (HOUSE_NUMBERED.test(last)) return undefined;
  // Any state name or code before a ZIP code; without one, only a code in capitals ("Minneapolis MN").
  const trailing = sawZip ? splitTrailingStateName(last) : splitTrailingCode(last);
  if (trailing === undefined) return undefined;
  parts[parts.length - 1] = trailing.rest;
  return trailing.code;
}

function splitTrailingCode(text: string): { rest: string; code: string } | undefined {
  const [, rest, code] = TRAILING_CODE.exec(text) ?? [];
  return rest !== undefined && code !== undefined && KNOWN_CODES.has(code) ? { rest, code } : undefined;
}

/** "Kansas City Missouri" → Kansas City and MO; the longest state name that ends the text wins. */
function splitTrailingStateName(text: string): { rest: string; code: string } | undefined {
  const words = text.split(' ');
  for (let take = Math.min(4, words.length - 1); take >= 1; take -= 1) {
    const code = usStateCode(words.slice(-take).join(' '));
    if (code !== undefined) return { rest: words.slice(0, -take).join(' '), code };
  }
  return undefined;
}

/**
 * What is left after the state: the last part is the city, and of the parts before it the street is
 * the one with a house number (with any unit after it), or else the first, usually the place's name.
 * A last part with a house number is a street, not a city. A single part is a street when it has a house number or no state came with it, else a city.
 */
function streetAndCity(parts: readonly string[], stateGiven: boolean): { street: string; city: string } {
  if (parts.length === 0) return { street: '', city: '' };
  if (parts.length === 1) {
    const only = parts[0] ?? '';
    return stateGiven && !HOUSE_NUMBERED.test(only) ? { street: '', city: only } : { street: only, city: '' };
  }
  const last = parts.at(-1) ?? '';
  // "Surly Brewing, 520 Malcolm Ave SE": a name and a street, no city.
  if (HOUSE_NUMBERED.test(last)) return { street: pickStreet(joinBareHouseNumbers(parts)), city: '' };
  return { street: pickStreet(joinBareHouseNumbers(parts.slice(0, -1))), city: last };
}

function joinBareHouseNumbers(parts: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] ?? '';
    const next = parts[index + 1];
    if (BARE_HOUSE_NUMBER.test(part) && next !== undefined) {
      joined.push(`${part} ${next}`);
      index += 1;
    } else {
      joined.push(part);
    }
  }
  return joined;
}

function pickStreet(parts: readonly string[]): string {
  const numbered = parts.findIndex((part) => HOUSE_NUMBERED.test(part));
  if (numbered === -1) return parts[0] ?? '';
  let end = numbered + 1;
  while (end < parts.length && UNIT.test(parts[end] ?? '')) end += 1;
  return parts.slice(numbered, end).join(', ');
}

/** What an address line needs of the deployment: the state and country taken for granted. */
export type AddressRegion = Pick<Region, 'state' | 'country'>;

/**
 * The detail screen's "street, city, ST" line (docs/product-rules.md#restroom-detail), from the
 * row's own state; the region's only when the row names none and lies in the region's country. The
 * country is added only for a row outside the deployment's own country, by name where the code is
 * known ("Toronto, ON, Canada" in a US deployment): nobody writes their own country on a local
 * address, so a Minneapolis or a Berlin deployment shows its own rows as it always has.
 */
export function addressLine(row: { street: string; city: string; state: string; country: string }, region: AddressRegion): string {
  const country = row.country.trim().toUpperCase();
  const abroad = country !== '' && country !== region.country.toUpperCase();
  const state = row.state.trim() || (abroad ? '' : region.state);
  return [row.street.trim(), row.city.trim(), state, abroad ? countryName(row.country.trim()) : '']
    .filter((part) => part !== '')
    .join(', ');
}

/** "Canada" for "CA"; the text as written when it is no two-letter code this platform can name. */
function countryName(country: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(country.toUpperCase()) ?? country.toUpperCase();
  } catch {
    return country.toUpperCase();
  }
}

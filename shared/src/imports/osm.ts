import { DEFAULT_REGION, type Region } from '../region.js';
import { COUNTRY_MAX_LENGTH, DIRECTIONS_MAX_LENGTH, type ImportRow } from '../schemas/imports.js';
import type { WeeklyHours } from '../schemas/restroom.js';
import { CITY_MAX_LENGTH, STATE_MAX_LENGTH, STREET_MAX_LENGTH, type AccessValue, type AmenityValue, type FeeValue } from '../restrooms/listing-fields.js';
import { COMMENT_MAX_LENGTH } from '../schemas/writes.js';
import { cleanLine, cleanParagraph, clip, countryCode, stateCode } from './clean-text.js';
import { coordinatesOf, nameOrFallback } from './row-parts.js';

/** An OpenStreetMap element with toilets, as Overpass describes it (a way or relation by its centre). */
export interface OsmToiletElement {
  ref: { type: 'N' | 'W' | 'R'; id: number };
  lat: number;
  lng: number;
  tags: Readonly<Record<string, string>>;
}

/** Reads an `opening_hours` value into weekly ranges; null when it cannot be read for certain. */
export type OpeningHoursParser = (text: string) => WeeklyHours;

const ELEMENT_NAMES = { N: 'node', W: 'way', R: 'relation' } as const;

/** `node/123`: how OpenStreetMap itself names an element, and the source id of an OSM import. */
export function osmSourceId(ref: OsmToiletElement['ref']): string {
  return `${ELEMENT_NAMES[ref.type]}/${ref.id}`;
}

/** `access` / `toilets:access` values that say who may use the toilets; every other value says nothing we can show. */
const ACCESS_BY_TAG: Readonly<Record<string, AccessValue>> = {
  yes: 'public',
  permissive: 'public',
  public: 'public',
  customers: 'customers',
  key: 'key',
};

/**
 * Whether using the toilets costs money: `fee=no` → free, `fee=yes` → paid; without a `fee` tag, a
 * `charge` (the price, "0.50 EUR") says it costs; anything else (`fee=donation`, `fee=customers`, …)
 * is unknown.
 */
function feeOf(tag: (key: string) => string | undefined): FeeValue {
  const fee = tag('fee');
  if (fee === 'no') return 'free';
  if (fee === 'yes') return 'paid';
  if (fee === undefined && (tag('charge') ?? '').trim() !== '') return 'paid';
  return null;
}

/** A yes/no tag as an amenity: yes → true, no → false, anything else (absent, limited, …) → unknown. */
function yesNo(value: string | undefined): AmenityValue {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  return null;
}

/**
 * Gender-neutral from the gender tags (docs/product-rules.md#what-we-know): known only when a tag
 * says so. `gender_segregated=yes` outranks a `unisex=yes` beside it; separate men's and women's
 * tags (one of them alone, or both with `unisex=no`) mean separate rooms.
 */
function genderNeutral(tag: (key: string) => string | undefined): AmenityValue {
  const segregated = tag('gender_segregated');
  const unisex = tag('unisex');
  if (segregated === 'yes') return false;
  if (unisex === 'yes' || segregated === 'no') return true;
  const male = tag('male') === 'yes';
  const female = tag('female') === 'yes';
  if (male !== female) return false;
  if (male && female && unisex === 'no') return false;
  return null;
}

/**
 * An OpenStreetMap element with toilets as an import row, mapped conservatively: a field is known
 * only when a tag says so (docs/product-rules.md#what-we-know); a missing or unclear tag is unknown
 * (null), never "no".
 *
 * The element is either the toilets themselves (`amenity=toilets`), whose plain tags describe the
 * toilets, or a place that has toilets (`toilets=yes` on a library or café), whose plain tags
 * describe the place: there only the `toilets:*` tags speak for the toilets (a library's
 * `wheelchair=yes` says nothing of its restroom), except `changing_table`, which is in the toilets
 * wherever it is tagged. A place's own opening hours stand in when its
 * toilets have none: customers reach the toilets while it is open.
 *
 * - Gender-neutral: `unisex=yes` or `gender_segregated=no` → yes; `gender_segregated=yes`, or only
 *   men's or only women's tags → no; otherwise unknown. `unisex=yes` is ambiguous in OpenStreetMap:
 *   most mappers mean "anyone may use it", some mean "both men and women are served", possibly in
 *   separate rooms. We follow the tag's documented meaning (anyone) and leave the admin's review to
 *   catch the rest.
 * - Single stall: unknown. OpenStreetMap has no tag for it, and a count of toilets is not one.
 * - Wheelchair accessible: `wheelchair=yes` → yes, `no` → no; `limited` and the rest are unknown.
 * - Changing table and menstrual products: their tags' yes/no, else unknown.
 * - Who may use it: `access` (a place's `toilets:access`) yes/permissive/public → public,
 *   customers → customers, key → key; private, no, absent and the rest → unknown.
 * - Free or paid: `fee` (a place's `toilets:fee`) no → free, yes → paid; a `charge` without `fee` →
 *   paid; anything else unknown.
 * - State and country: the element's `addr:*` tags, else the region's (its state only for an
 *   element in the region's country).
 */
export function importRowFromOsm(
  element: OsmToiletElement,
  parseHours: OpeningHoursParser,
  region: Pick<Region, 'state' | 'country'> = DEFAULT_REGION,
): ImportRow {
  const { ref, tags } = element;
  const ownTag = tags.amenity === 'toilets';
  const toiletTag = (key: string): string | undefined => tags[`toilets:${key}`] ?? (ownTag ? tags[key] : undefined);

  const accessTag = toiletTag('access');
  const access = accessTag === undefined ? null : (ACCESS_BY_TAG[accessTag] ?? null);
  // Only for a nameless element's name: toilets mapped for their own sake are public unless tagged otherwise.
  const namedPublic = accessTag === undefined ? ownTag : access === 'public';
  const country = clip(countryCode(tags['addr:country'] ?? region.country), COUNTRY_MAX_LENGTH);
  const street = clip(cleanLine([tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ')), STREET_MAX_LENGTH);
  const hoursText = toiletTag('opening_hours') ?? tags.opening_hours;
  const description = cleanParagraph(toiletTag('description'));
  const directions = cleanParagraph(toiletTag('location'));

  return {
    source_id: osmSourceId(ref),
    name: nameOrFallback(cleanLine(tags.name), namedPublic ? 'Public toilet' : 'Toilet', street),
    street,
    city: clip(cleanLine(tags['addr:city']), CITY_MAX_LENGTH),
    state: clip(stateCode(tags['addr:state'] ?? (country === region.country ? region.state : ''), country), STATE_MAX_LENGTH),
    country,
    ...coordinatesOf(element.lat, element.lng),
    unisex: genderNeutral(toiletTag),
    accessible: yesNo(toiletTag('wheelchair')),
    changing_table: yesNo(tags['toilets:changing_table'] ?? tags.changing_table),
    is_single_stall: null,
    menstrual_products: yesNo(tags['toilets:menstrual_products']),
    access,
    fee: feeOf(toiletTag),
    directions: directions === null ? null : clip(directions, DIRECTIONS_MAX_LENGTH),
    comment: description === null ? null : clip(description, COMMENT_MAX_LENGTH),
    upvotes: 0,
    downvotes: 0,
    hours: hoursText === undefined ? null : parseHours(hoursText),
    place_id: `osm:${ref.type}${ref.id}`,
    created_at: null,
    updated_at: null,
  };
}

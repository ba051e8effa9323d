import { DEFAULT_REGION, type Region } from '../region.js';
import { COUNTRY_MAX_LENGTH, DIRECTIONS_MAX_LENGTH, type ImportRow } from '../schemas/imports.js';
import type { WeeklyHours } from '../schemas/restroom.js';
import { CITY_MAX_LENGTH, STATE_MAX_LENGTH, STREET_MAX_LENGTH } from '../restrooms/listing-fields.js';
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

const PUBLIC_ACCESS = new Set(['yes', 'permissive', 'public']);

/**
 * An OpenStreetMap element with toilets as an import row, mapped conservatively: a box is ticked
 * only when a tag says so, never from what is merely likely.
 *
 * The element is either the toilets themselves (`amenity=toilets`), whose plain tags describe the
 * toilets, or a place that has toilets (`toilets=yes` on a library or café), whose plain tags
 * describe the place: there only the `toilets:*` tags speak for the toilets (a library's
 * `wheelchair=yes` says nothing of its restroom), except `changing_table`, which is in the toilets
 * wherever it is tagged. A place's own opening hours stand in when its
 * toilets have none: customers reach the toilets while it is open.
 *
 * - Gender-neutral: `unisex=yes` or `gender_segregated=no`, and not `gender_segregated=yes`.
 *   `unisex=yes` is ambiguous in OpenStreetMap: most mappers mean "anyone may use it", some mean
 *   "both men and women are served", possibly in separate rooms. We follow the tag's documented
 *   meaning (anyone) and leave the admin's review to catch the rest; `male=yes` with `female=yes`
 *   alone is not taken to mean gender-neutral.
 * - Single stall: never. OpenStreetMap has no tag for it, and a count of toilets is not one.
 * - Wheelchair accessible: `wheelchair=yes` only (`limited` is not accessible enough to promise).
 * - State and country: the element's `addr:*` tags, else the region's (its state only for an
 *   element in the region's country).
 * - Open to the public: `access` yes/permissive/public; customers/private/no/key and the rest are
 *   not. Without an access tag, toilets mapped for their own sake count as public (OpenStreetMap's
 *   default for `amenity=toilets`); a place's toilets do not.
 */
export function importRowFromOsm(
  element: OsmToiletElement,
  parseHours: OpeningHoursParser,
  region: Pick<Region, 'state' | 'country'> = DEFAULT_REGION,
): ImportRow {
  const { ref, tags } = element;
  const ownTag = tags.amenity === 'toilets';
  const toiletTag = (key: string): string | undefined => tags[`toilets:${key}`] ?? (ownTag ? tags[key] : undefined);

  const access = toiletTag('access');
  const isPublic = access === undefined ? ownTag : PUBLIC_ACCESS.has(access);
  const segregated = toiletTag('gender_segregated');
  const country = clip(countryCode(tags['addr:country'] ?? region.country), COUNTRY_MAX_LENGTH);
  const street = clip(cleanLine([tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ')), STREET_MAX_LENGTH);
  const hoursText = toiletTag('opening_hours') ?? tags.opening_hours;
  const description = cleanParagraph(toiletTag('description'));
  const directions = cleanParagraph(toiletTag('location'));

  return {
    source_id: osmSourceId(ref),
    name: nameOrFallback(cleanLine(tags.name), isPublic ? 'Public toilet' : 'Toilet', street),
    street,
    city: clip(cleanLine(tags['addr:city']), CITY_MAX_LENGTH),
    state: clip(stateCode(tags['addr:state'] ?? (country === region.country ? region.state : ''), country), STATE_MAX_LENGTH),
    country,
    ...coordinatesOf(element.lat, element.lng),
    unisex: segregated !== 'yes' && (toiletTag('unisex') === 'yes' || segregated === 'no'),
    accessible: toiletTag('wheelchair') === 'yes',
    changing_table: (tags['toilets:changing_table'] ?? tags.changing_table) === 'yes',
    is_single_stall: false,
    menstrual_products: tags['toilets:menstrual_products'] === 'yes',
    public: isPublic,
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

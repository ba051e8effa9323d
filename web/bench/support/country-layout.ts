import { normal } from './seeded-random.js';
import { twinCitiesLayout, type SyntheticLayout, type SyntheticPlace } from './synthetic-restrooms.js';

/**
 * A metro of the country layout: its downtown (where the listings gather), its state, the IANA zone
 * of its clocks, and how far its listings spread (the gaussian's standard deviation, km).
 */
export interface CountryMetro {
  city: string;
  state: string;
  timeZone: string;
  lat: number;
  lng: number;
  spreadKm: number;
}

/**
 * Twenty US metros (the Twin Cities apart) over the five main clocks of the contiguous states and
 * Hawaii: Eastern, Central, Mountain (Phoenix's America/Phoenix keeps standard time all year, so
 * half the year it reads the Pacific clock), Pacific and Hawaii. Zones are the IANA names geo-tz
 * answers at each downtown, so Indianapolis has its own. Downtowns by water (New York, Chicago,
 * Seattle, San Francisco, Honolulu) get a narrow spread and, for Chicago, Seattle and Honolulu, a
 * centre a little inland, so that hardly any listing stands in a river, a lake or the sea (there is
 * no land mask: the bench needs places and clocks, not a map).
 */
export const COUNTRY_METROS: readonly CountryMetro[] = [
  { city: 'New York', state: 'NY', timeZone: 'America/New_York', lat: 40.7549, lng: -73.984, spreadKm: 1 },
  { city: 'Philadelphia', state: 'PA', timeZone: 'America/New_York', lat: 39.9526, lng: -75.1652, spreadKm: 3 },
  { city: 'Washington', state: 'DC', timeZone: 'America/New_York', lat: 38.9072, lng: -77.0369, spreadKm: 3 },
  { city: 'Atlanta', state: 'GA', timeZone: 'America/New_York', lat: 33.749, lng: -84.388, spreadKm: 4 },
  { city: 'Charlotte', state: 'NC', timeZone: 'America/New_York', lat: 35.2271, lng: -80.8431, spreadKm: 4 },
  { city: 'Indianapolis', state: 'IN', timeZone: 'America/Indiana/Indianapolis', lat: 39.7684, lng: -86.1581, spreadKm: 4 },
  { city: 'Chicago', state: 'IL', timeZone: 'America/Chicago', lat: 41.88, lng: -87.67, spreadKm: 1.5 },
  { city: 'Dallas', state: 'TX', timeZone: 'America/Chicago', lat: 32.7767, lng: -96.797, spreadKm: 4 },
  { city: 'Houston', state: 'TX', timeZone: 'America/Chicago', lat: 29.7604, lng: -95.3698, spreadKm: 4 },
  { city: 'Kansas City', state: 'MO', timeZone: 'America/Chicago', lat: 39.0997, lng: -94.5786, spreadKm: 4 },
  { city: 'Nashville', state: 'TN', timeZone: 'America/Chicago', lat: 36.1627, lng: -86.7816, spreadKm: 4 },
  { city: 'Denver', state: 'CO', timeZone: 'America/Denver', lat: 39.7392, lng: -104.9903, spreadKm: 4 },
  { city: 'Salt Lake City', state: 'UT', timeZone: 'America/Denver', lat: 40.7608, lng: -111.891, spreadKm: 4 },
  { city: 'Albuquerque', state: 'NM', timeZone: 'America/Denver', lat: 35.0844, lng: -106.6504, spreadKm: 4 },
  { city: 'Phoenix', state: 'AZ', timeZone: 'America/Phoenix', lat: 33.4484, lng: -112.074, spreadKm: 5 },
  { city: 'Seattle', state: 'WA', timeZone: 'America/Los_Angeles', lat: 47.615, lng: -122.315, spreadKm: 1 },
  { city: 'Portland', state: 'OR', timeZone: 'America/Los_Angeles', lat: 45.5152, lng: -122.6784, spreadKm: 3 },
  { city: 'San Francisco', state: 'CA', timeZone: 'America/Los_Angeles', lat: 37.7793, lng: -122.4193, spreadKm: 1.2 },
  { city: 'Los Angeles', state: 'CA', timeZone: 'America/Los_Angeles', lat: 34.0522, lng: -118.2437, spreadKm: 5 },
  { city: 'Honolulu', state: 'HI', timeZone: 'Pacific/Honolulu', lat: 21.315, lng: -157.845, spreadKm: 1 },
];

/** Listings are dealt in rounds: one to each metro, then this many to the Twin Cities (5 of 25: 20 %). */
const TWIN_CITIES_PER_ROUND = 5;

/** No listing stands further from its metro's downtown than this many of its spreads: the tail of the gaussian is drawn again. */
export const COUNTRY_MAX_SPREADS = 2.5;

const KM_PER_DEGREE = 111.32;
const sixDecimals = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** A gaussian around the metro's downtown in km, cut at COUNTRY_MAX_SPREADS, turned into degrees at its latitude. */
function metroPlace(metro: CountryMetro): SyntheticPlace {
  const kmPerDegreeOfLongitude = KM_PER_DEGREE * Math.cos((metro.lat * Math.PI) / 180);
  const maxKm = metro.spreadKm * COUNTRY_MAX_SPREADS;
  return {
    city: metro.city,
    state: metro.state,
    timeZone: metro.timeZone,
    position: (random) => {
      for (;;) {
        const northKm = normal(random) * metro.spreadKm;
        const eastKm = normal(random) * metro.spreadKm;
        if (Math.hypot(northKm, eastKm) > maxKm) continue;
        return { latitude: sixDecimals(metro.lat + northKm / KM_PER_DEGREE), longitude: sixDecimals(metro.lng + eastKm / kmPerDegreeOfLongitude) };
      }
    },
  };
}

const METRO_PLACES = COUNTRY_METROS.map(metroPlace);
const TWIN_CITIES = twinCitiesLayout('America/Chicago');
const ROUND = METRO_PLACES.length + TWIN_CITIES_PER_ROUND;

/**
 * A deployment over the country, as the region issue made possible, seen from Minneapolis (the
 * region, whose list origin and map centre stay downtown Minneapolis): four in five listings spread
 * evenly over the twenty metros above, far from the person, each with its metro's zone, so open-now
 * reads several clocks; one in five over the Twin Cities as the Twin Cities layout spreads them,
 * in America/Chicago. Dealt by index, so any count that is a multiple of 25 splits exactly 80/20 and
 * each metro gets exactly 4 %.
 */
export const COUNTRY_LAYOUT: SyntheticLayout = {
  placeOf: (random, index) => {
    const slot = index % ROUND;
    return slot < METRO_PLACES.length ? METRO_PLACES[slot]! : TWIN_CITIES.placeOf(random, index);
  },
};

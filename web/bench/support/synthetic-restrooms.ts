import type { HoursRange } from '@allstall/shared';
import { normal, pick, pickWeighted, seededRandom } from './seeded-random.js';

/**
 * A restrooms-table row as the api stores it (amenities 0/1 or null when unknown, times in epoch
 * ms), approved and shown.
 */
type Amenity = 0 | 1 | null;

export interface SyntheticRestroom {
  id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
  unisex: Amenity;
  accessible: Amenity;
  changing_table: Amenity;
  is_single_stall: Amenity;
  menstrual_products: Amenity;
  access: 'public' | 'customers' | 'key' | null;
  /** The IANA zone its hours are read in; null leaves them to the region's zone (the Twin Cities layout's rows, as before issue 27). */
  time_zone: string | null;
  is_removed: 0;
  status: 'approved';
  place_id: null;
  source: 'refuge';
  source_id: string;
  directions: string | null;
  admin_comment: null;
  added_by: null;
  upvotes: number;
  downvotes: number;
  last_confirmed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SyntheticListing {
  restroom: SyntheticRestroom;
  hours: HoursRange[];
}

/** A municipality or metro of a layout: the city, state and time zone of its listings, and how their positions spread. */
export interface SyntheticPlace {
  city: string;
  state: string;
  timeZone: string | null;
  /** Draws a listing's position around the place; called at the same point of every listing's draws, whatever the layout. */
  position(random: () => number): { latitude: number; longitude: number };
}

/**
 * Where the listings stand: the place of the listing at `index` (counting from the first listing
 * generated), drawing what it needs from `random` before the listing's other fields are drawn.
 */
export interface SyntheticLayout {
  placeOf(random: () => number, index: number): SyntheticPlace;
}

/** Cities of the metro area, their centres, how many listings each gets, and how far they spread (degrees). */
const CITIES: ReadonlyArray<readonly [{ name: string; lat: number; lng: number; spread: number }, number]> = [
  [{ name: 'Minneapolis', lat: 44.9778, lng: -93.265, spread: 0.035 }, 34],
  [{ name: 'St Paul', lat: 44.9537, lng: -93.09, spread: 0.03 }, 18],
  [{ name: 'Bloomington', lat: 44.8408, lng: -93.2983, spread: 0.03 }, 5],
  [{ name: 'Edina', lat: 44.8897, lng: -93.3499, spread: 0.02 }, 4],
  [{ name: 'Richfield', lat: 44.8833, lng: -93.283, spread: 0.012 }, 3],
  [{ name: 'St Louis Park', lat: 44.9483, lng: -93.348, spread: 0.015 }, 4],
  [{ name: 'Roseville', lat: 45.0061, lng: -93.1566, spread: 0.015 }, 4],
  [{ name: 'Brooklyn Park', lat: 45.0941, lng: -93.3563, spread: 0.03 }, 3],
  [{ name: 'Maple Grove', lat: 45.0725, lng: -93.4558, spread: 0.03 }, 3],
  [{ name: 'Eden Prairie', lat: 44.8547, lng: -93.4708, spread: 0.03 }, 3],
  [{ name: 'Plymouth', lat: 45.0105, lng: -93.4555, spread: 0.03 }, 3],
  [{ name: 'Eagan', lat: 44.8041, lng: -93.1669, spread: 0.03 }, 3],
  [{ name: 'Burnsville', lat: 44.7677, lng: -93.2777, spread: 0.025 }, 2],
  [{ name: 'Woodbury', lat: 44.9239, lng: -92.9594, spread: 0.03 }, 3],
  [{ name: 'Minnetonka', lat: 44.9211, lng: -93.4687, spread: 0.03 }, 2],
  [{ name: 'Coon Rapids', lat: 45.1199, lng: -93.303, spread: 0.025 }, 2],
  [{ name: 'Golden Valley', lat: 45.0097, lng: -93.3491, spread: 0.015 }, 2],
  [{ name: 'Fridley', lat: 45.0861, lng: -93.2633, spread: 0.015 }, 1],
  [{ name: 'Hopkins', lat: 44.9247, lng: -93.4102, spread: 0.01 }, 1],
  [{ name: 'Maplewood', lat: 44.953, lng: -92.9952, spread: 0.02 }, 1],
];

const sixDecimals = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** The Twin Cities' municipalities as places in `timeZone`: a gaussian around each centre, wider in degrees east-west, where degrees are shorter. */
function twinCitiesPlaces(timeZone: string | null): ReadonlyArray<readonly [SyntheticPlace, number]> {
  return CITIES.map(([city, weight]) => [
    {
      city: city.name,
      state: 'MN',
      timeZone,
      position: (random) => ({ latitude: sixDecimals(city.lat + normal(random) * city.spread), longitude: sixDecimals(city.lng + normal(random) * city.spread * 1.4) }),
    },
    weight,
  ]);
}

/** The places of the Twin Cities' municipalities, each chosen with its weight, all with listings in `timeZone`. */
export function twinCitiesLayout(timeZone: string | null): SyntheticLayout {
  const places = twinCitiesPlaces(timeZone);
  return { placeOf: (random) => pickWeighted(random, places) };
}

/**
 * The bench's first layout: 20 Twin Cities municipalities weighted as the real listings are (a third
 * in Minneapolis, dense downtown, thin in the suburbs), the rows without a zone of their own (the
 * region's is theirs), as every run before issue 27 measured them.
 */
export const TWIN_CITIES_LAYOUT = twinCitiesLayout(null);

const BRANDS = ['Caribou Coffee', 'Dunn Brothers Coffee', 'Target', 'Lunds & Byerlys', 'Whole Foods Market', 'Walgreens', 'Cub Foods', 'Panera Bread', 'Chipotle', 'Starbucks', 'Barnes & Noble', 'REI', 'YMCA'];
const PLACES = ['Public Library', 'Community Center', 'Recreation Center', 'Park', 'Co-op', 'Brewing Company', 'Taqueria', 'Pho House', 'Bakery', 'Bookstore', 'Climbing Gym', 'Clinic', 'Hotel', 'Museum', 'Theater', 'Cafe', 'Diner', 'Food Hall', 'Transit Center', 'Church'];
const NEIGHBOURHOODS = ['Uptown', 'Northeast', 'Whittier', 'Powderhorn', 'Longfellow', 'Seward', 'Loring Park', 'North Loop', 'Dinkytown', 'Highland Park', 'Frogtown', 'Como', 'Midway', 'Lowertown', 'Cathedral Hill', 'Linden Hills', 'Kingfield', 'Phillips', 'Cedar-Riverside', 'Marcy-Holmes'];
const STREETS = ['Nicollet Ave', 'Hennepin Ave', 'Lake St', 'University Ave', 'Cedar Ave', 'Lyndale Ave S', 'Franklin Ave', 'Broadway St NE', 'Central Ave NE', 'Grand Ave', 'Selby Ave', 'Snelling Ave', 'Minnehaha Ave', 'Chicago Ave', 'Portland Ave', 'Washington Ave', 'Marshall St NE', 'Penn Ave N', 'France Ave S', 'Excelsior Blvd'];
const DIRECTIONS = ['Ask at the counter for the key.', 'Down the hall past the elevators.', 'Second floor, next to the children’s section.', 'Code is on your receipt.'];

const WEEKDAYS = [1, 2, 3, 4, 5];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const ranges = (days: readonly number[], open: number, close: number): HoursRange[] => days.map((day) => ({ day, open, close }));

/** Opening-hours shapes seen in real listings: shop hours, coffee hours, around the clock, past midnight, office hours, split shifts. */
const HOURS_SHAPES: ReadonlyArray<readonly [(random: () => number) => HoursRange[], number]> = [
  [(r) => [...ranges(WEEKDAYS, pick(r, [600, 700, 800]), pick(r, [2000, 2100, 2200])), ...ranges([6], 800, 2000), ...ranges([0], 900, 1800)], 30],
  [(r) => ranges(EVERY_DAY, pick(r, [530, 600, 630]), pick(r, [1800, 1900, 2000])), 25],
  [() => ranges(EVERY_DAY, 0, 0), 8],
  [(r) => ranges(EVERY_DAY, pick(r, [1100, 1500, 1600]), pick(r, [100, 200])), 10],
  [() => ranges(WEEKDAYS, 900, 1700), 17],
  [() => [...ranges(WEEKDAYS, 1100, 1400), ...ranges(WEEKDAYS, 1700, 2200)], 10],
];

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const FIRST_LISTING_MS = Date.UTC(2014, 0, 1);
const LAST_LISTING_MS = Date.UTC(2026, 5, 1);

const HEX_DIGITS = '0123456789abcdef';

/** `digits` random hex digits; a plain loop, since the bench makes a quarter of a million ids. */
function hex(random: () => number, digits: number): string {
  let text = '';
  for (let digit = 0; digit < digits; digit++) text += HEX_DIGITS[Math.floor(random() * 16)];
  return text;
}

/** A UUIDv7 for a row made at `epochMs`, as the api's own ids are, with seeded rather than secure randomness. */
function uuidV7(random: () => number, epochMs: number): string {
  const time = epochMs.toString(16).padStart(12, '0');
  const variant = pick(random, ['8', '9', 'a', 'b']);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(random, 3)}-${variant}${hex(random, 3)}-${hex(random, 12)}`;
}

/** Known (yes with `yes`) in `known` of the listings, unknown in the rest, as imported data is. */
const amenity = (random: () => number, known: number, yes: number): Amenity => (random() >= known ? null : random() < yes ? 1 : 0);
const ACCESS: ReadonlyArray<readonly [SyntheticRestroom['access'], number]> = [
  ['public', 45],
  ['customers', 25],
  ['key', 5],
  [null, 25],
];
/**
 * `count` restrooms placed by `layout` (by default over the Twin Cities the way the real listings
 * are), with amenities (some unknown, as imported data has them) and opening hours in the
 * proportions of the demo data: about six in ten with hours, of the shapes above. The same seed and
 * layout always give the same listings; layouts differ only in places (city, state, position, zone).
 */
export function* syntheticListings(count: number, seed = 20261124, layout: SyntheticLayout = TWIN_CITIES_LAYOUT): Generator<SyntheticListing> {
  const random = seededRandom(seed);
  for (let index = 0; index < count; index++) {
    const place = layout.placeOf(random, index);
    const createdAt = Math.floor(FIRST_LISTING_MS + random() * (LAST_LISTING_MS - FIRST_LISTING_MS));
    const updatedAt = Math.min(LAST_LISTING_MS, createdAt + Math.floor(random() ** 2 * 2 * YEAR_MS));
    const name =
      random() < 0.4 ? `${pick(random, BRANDS)}${random() < 0.5 ? ` ${pick(random, NEIGHBOURHOODS)}` : ''}` : `${pick(random, NEIGHBOURHOODS)} ${pick(random, PLACES)}`;
    const restroom: SyntheticRestroom = {
      id: uuidV7(random, createdAt),
      name,
      street: `${1 + Math.floor(random() * 4999)} ${pick(random, STREETS)}`,
      city: place.city,
      state: place.state,
      country: 'US',
      ...place.position(random),
      unisex: amenity(random, 0.8, 0.77),
      accessible: amenity(random, 0.9, 0.76),
      changing_table: amenity(random, 0.7, 0.16),
      is_single_stall: amenity(random, 0.4, 0.3),
      menstrual_products: amenity(random, 0.2, 0.25),
      access: pickWeighted(random, ACCESS),
      time_zone: place.timeZone,
      is_removed: 0,
      status: 'approved',
      place_id: null,
      source: 'refuge',
      source_id: String(100_000 + index),
      directions: random() < 0.1 ? pick(random, DIRECTIONS) : null,
      admin_comment: null,
      added_by: null,
      upvotes: Math.floor(random() ** 3 * 40),
      downvotes: Math.floor(random() ** 4 * 8),
      last_confirmed_at: random() < 0.2 ? Math.floor(updatedAt + random() * (LAST_LISTING_MS - updatedAt)) : null,
      created_at: createdAt,
      updated_at: updatedAt,
    };
    const hours = random() < 0.6 ? pickWeighted(random, HOURS_SHAPES)(random) : [];
    yield { restroom, hours };
  }
}

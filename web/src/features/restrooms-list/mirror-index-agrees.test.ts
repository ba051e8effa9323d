import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_REGION,
  expandRestroom,
  clockInTimeZone,
  hoursIsOpenOnClock,
  RESTROOM_ACCESS_VALUES,
  RESTROOM_FEE_VALUES,
  restroomDistanceMilesExact,
  roundedMiles,
  type HoursRange,
  type LatLng,
  type LocalClock,
  type Restroom,
  type SyncPage,
} from '@allstall/shared';
import { normal, pick, pickWeighted, seededRandom } from '../../../bench/support/seeded-random';
import { createApiClient, type SyncPageRequest } from '@/lib/api/api-client';
import { eagerContractChecker } from '@/lib/api/contract-eager';
import { createDb, type AllstallDb } from '@/lib/db/db';
import type { ListedRestroom } from '@/lib/restrooms/listed-restroom';
import { bucketOf } from '@/lib/sync/buckets';
import { rebuildStoredColumns } from '@/lib/sync/rebuild-columns';
import { MirrorStore, type MirrorView } from '@/lib/sync/mirror-store';
import { createMirrorWriter } from '@/lib/sync/mirror-writer';
import { createSyncEngine } from '@/lib/sync/sync-engine';
import { createWorkerFirstSync } from '@/lib/sync/worker-first-sync';
import { inProcessWorker, tickingClock } from '@/test/in-process-snapshot-worker';
import { makePage, makeRestroom } from '@/test/fixtures';
import { piecesServer } from '@/test/pieces-server';
import { createSyncFocus } from '@/lib/sync/sync-focus';
import { BATHROOMS_FILTER_KEYS, LISTING_FILTER_KEYS, NO_FILTERS, restroomFilter, UNKNOWN_FILTER_KEYS, type BathroomsFilters, type ListingFilterKey } from './bathrooms-filters';
import { rankBy, searchByHand } from '@/test/search-by-hand';
import { nearestList, type NearestList } from './nearest-list';

/** Every row of the list, in its order (the screens only ever ask for a page of them). */
const everyRow = (list: NearestList) => list.first(list.length);

/*
 * The list's index (nearest-list.ts: position columns, amenity yes/known bits, hours as week spans
 * with an irregular fallback, zone numbers, the map's placed columns, the folded search text) and
 * the restrooms it expands must say what the rows themselves say, however the rows got there: a
 * first sync through the snapshot worker (the api's wire format, nearest first, in lines, saved in
 * flushes) and then the feed (removals, renames, moves, new hours and zones, new restrooms, merged
 * pages). The truth is the restrooms this test holds, changed as it scripts the server; every figure
 * the list and the map show is computed again from it by brute force: every visible row measured,
 * tested and sorted, one by one, with no column, grid or span.
 *
 * Here rather than in lib/sync: the list's index is this feature's, and lib/ may not import features.
 * The in-process worker is worker-first-sync.test.ts's, trimmed to what this test needs.
 */

const REGION = DEFAULT_REGION;
const ROWS = 3000;

let dbCount = 0;
const opened: AllstallDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

// ---------------------------------------------------------------------------------------------
// Random restrooms: a country of them, in several zones, with hours of every shape the device can hold.

/** Where the restrooms stand: most in the Twin Cities, the rest in metros across the zones. */
const METROS: ReadonlyArray<readonly [{ centre: LatLng; zone: string }, number]> = [
  [{ centre: REGION.listOrigin, zone: 'America/Chicago' }, 5],
  [{ centre: { lat: 44.9537, lng: -93.09 }, zone: 'America/Chicago' }, 2],
  [{ centre: { lat: 41.8827, lng: -87.6233 }, zone: 'America/Chicago' }, 1],
  [{ centre: { lat: 40.7128, lng: -74.006 }, zone: 'America/New_York' }, 1],
  [{ centre: { lat: 39.7392, lng: -104.9903 }, zone: 'America/Denver' }, 1],
  [{ centre: { lat: 33.4484, lng: -112.074 }, zone: 'America/Phoenix' }, 0.5],
  [{ centre: { lat: 34.0522, lng: -118.2437 }, zone: 'America/Los_Angeles' }, 1],
  [{ centre: { lat: 21.3069, lng: -157.8583 }, zone: 'Pacific/Honolulu' }, 0.5],
  // The Aleutians, astride the antimeridian: the nearest restroom may be the other side of ±180°.
  [{ centre: { lat: 51.9, lng: 179.9 }, zone: 'America/Adak' }, 0.3],
];
/** A few restrooms get a zone unlike their metro's (a data error, a border), or none (read on the region's). */
const ODD_ZONES = [null, 'America/New_York', 'Pacific/Honolulu', 'Asia/Kolkata', 'Europe/London', 'America/St_Johns'];
const NAMES = ['Café Nook', 'cafe nook', 'CAFÉ', 'Library', 'Ñandú Park', 'Arena', 'arena', 'Park', 'Straße Bar', 'Łódź Deli', 'City Hall', 'Zoo'];
const STREETS = ['1 Main St', 'Nicollet Mall', 'Hennepin Ave', 'Rue de la Paix', 'Calle Olvera', 'Grand Ave', '7th St'];
const CITIES = ['Minneapolis', 'Saint Paul', 'Chicago', 'New York', 'Denver', 'Phoenix', 'Los Angeles', 'Honolulu', 'Bogotá'];
const ACCESS = [null, ...RESTROOM_ACCESS_VALUES];
const FEES = [null, ...RESTROOM_FEE_VALUES];

const uuid = (n: number) => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

/** Yes, no or unknown. */
const amenity = (random: () => number): boolean | null => pickWeighted(random, [[true, 4], [false, 3], [null, 3]]);

/** An HHMM time; now and then one with minutes past 59, which the schema allows and both readings take alike. */
const hhmm = (random: () => number) => (random() < 0.05 ? Math.floor(random() * 23) * 100 + 60 + Math.floor(random() * 40) : Math.floor(random() * 24) * 100 + pick(random, [0, 15, 30, 45, 59]));

/**
 * Hours of several shapes: unknown, daytime, around the clock, nights past midnight (Saturday's
 * into Sunday too), ranges ending or starting at midnight, split days, random; and, only where
 * `irregular` allows (the snapshot's hand check takes any HHMM-sized number, the feed's schema a
 * weekday), a range on a day 7 or later, which the span columns cannot promise and leave to the
 * ranges themselves.
 */
function randomHours(random: () => number, irregular: boolean): HoursRange[] | null {
  const days = [0, 1, 2, 3, 4, 5, 6].filter(() => random() < 0.8);
  const shape = pickWeighted(random, [
    ['unknown', 2],
    ['daytime', 3],
    ['around the clock', 1],
    ['nights', 2],
    ['midnight', 2],
    ['split', 1],
    ['random', 3],
  ] as const);
  let ranges: HoursRange[];
  switch (shape) {
    case 'unknown':
      return null;
    case 'daytime':
      ranges = days.map((day) => ({ day, open: 900, close: 1700 }));
      break;
    case 'around the clock': {
      const at = random() < 0.5 ? 0 : hhmm(random);
      ranges = days.map((day) => ({ day, open: at, close: at }));
      break;
    }
    case 'nights':
      ranges = days.map((day) => ({ day, open: pick(random, [1800, 2000, 2200, 2345]), close: pick(random, [0, 1, 200, 430]) }));
      break;
    case 'midnight':
      ranges = days.map((day) => pick(random, [{ day, open: 0, close: 1 }, { day, open: 2359, close: 0 }, { day, open: 0, close: 2359 }, { day, open: 2300, close: 100 }]));
      break;
    case 'split':
      ranges = days.flatMap((day) => [
        { day, open: 700, close: 1130 },
        { day, open: 1300, close: 2330 },
      ]);
      break;
    case 'random':
      ranges = days.map((day) => ({ day, open: hhmm(random), close: hhmm(random) }));
      break;
  }
  if (irregular && random() < 0.1) ranges.push({ day: 7 + Math.floor(random() * 3), open: hhmm(random), close: hhmm(random) });
  // The server never sends an empty list (null is unknown).
  return ranges.length > 0 ? ranges : null;
}

/** A longitude in [-180, 180). */
const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

interface Place {
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
}

/** A position in a metro (a few share one exactly, so equal distances must come in id order), or none. */
function randomPlace(random: () => number, others: readonly Restroom[]): Place {
  const roll = random();
  if (roll < 0.04) return { latitude: null, longitude: null, time_zone: random() < 0.5 ? null : 'America/Chicago' };
  // Half a position (an old import) cannot be measured either.
  if (roll < 0.045) return random() < 0.5 ? { latitude: 44.9, longitude: null, time_zone: null } : { latitude: null, longitude: -93.2, time_zone: null };
  if (roll < 0.12 && others.length > 0) {
    const twin = pick(random, others);
    return { latitude: twin.latitude, longitude: twin.longitude, time_zone: twin.time_zone };
  }
  const { centre, zone } = pickWeighted(random, METROS);
  return {
    latitude: centre.lat + normal(random) * 0.05,
    longitude: wrapLongitude(centre.lng + normal(random) * 0.07),
    time_zone: random() < 0.1 ? pick(random, ODD_ZONES) : zone,
  };
}

function randomRestroom(random: () => number, n: number, others: readonly Restroom[], { irregular }: { irregular: boolean }): Restroom {
  const name = pick(random, NAMES);
  return makeRestroom({
    id: uuid(n),
    name: random() < 0.5 ? name : `${name} ${Math.floor(random() * 40)}`,
    street: `${Math.floor(random() * 900) + 1} ${pick(random, STREETS)}`,
    city: pick(random, CITIES),
    ...randomPlace(random, others),
    unisex: amenity(random),
    accessible: amenity(random),
    changing_table: amenity(random),
    is_single_stall: amenity(random),
    menstrual_products: amenity(random),
    access: pick(random, ACCESS),
    fee: pick(random, FEES),
    hours: randomHours(random, irregular),
    upvotes: Math.floor(random() * 20),
    downvotes: Math.floor(random() * 5),
    last_confirmed_at: random() < 0.3 ? '2026-11-20T15:00:00.000Z' : null,
    // The api's snapshot holds visible rows only; a device must hide any other it is sent all the same.
    status: random() < 0.03 ? pick(random, ['pending', 'rejected'] as const) : 'approved',
    is_removed: random() < 0.03,
  });
}

// ---------------------------------------------------------------------------------------------
// The server: the snapshot as the api sends it, through the worker; then scripted feed pages.

/** A device on a first visit: its database, its page's store, the engine pulling through the worker and the scripted feed. */
function device(snapshot: readonly Restroom[], cursor: string) {
  const name = `mirror-index-agrees-${++dbCount}`;
  const db = createDb(name);
  opened.push(db);
  const store = new MirrorStore({ bulkNotifyMs: 10 });
  void store.load(db);
  // Pieces of at most 250 restrooms, restroom lines of 100 in 4 kB network chunks: lines straddle
  // chunks, a piece is several lines, and the worker flushes several times.
  const { fetch } = piecesServer(cursor, snapshot, [], { maxRows: 250, lineRows: 100, chunkBytes: 4096 });
  const pages: SyncPage[] = [];
  const api = {
    // The page asks for the index of pieces and hands its body to the worker, as a browser does.
    snapshotBody: createApiClient({ contract: eagerContractChecker, fetch }).snapshotBody,
    syncSnapshot: () => Promise.reject(new Error('the page must not read the snapshot itself')),
    async syncPage(request: SyncPageRequest) {
      const page = pages.shift();
      if (!page) throw new Error(`no feed page scripted after ${request.since}`);
      return page;
    },
  };
  const firstSync = createWorkerFirstSync({ store, channel: null, dbName: name, api, focus: createSyncFocus(), transfersStreams: true, startWorker: inProcessWorker(fetch, store).start });
  const writer = createMirrorWriter({ db, store, channel: null });
  const engine = createSyncEngine({ db, api, writer, clock: tickingClock(), firstSync });
  return { db, store, engine, pages };
}

/**
 * Feed pages that change random restrooms of `truth` (and change `truth` as the server would have):
 * removed by tombstone, by the removed bit or by leaving 'approved', put back, renamed, moved (into
 * and out of having a position), given new hours, a new zone, new amenities, access or fee, and new
 * restrooms. A page names a restroom once; a later page may change it again.
 */
function feedPages(random: () => number, truth: Map<string, Restroom>, firstCursor: number, count: number, nextId: () => number): SyncPage[] {
  const pages: SyncPage[] = [];
  for (let page = 0; page < count; page++) {
    const changed = new Map<string, Restroom>();
    const deleted: string[] = [];
    for (let change = 0; change < 90; change++) {
      const ids = [...truth.keys()];
      const id = pick(random, ids);
      if (changed.has(id) || deleted.includes(id)) continue;
      const was = truth.get(id)!;
      const kind = pickWeighted(random, [
        ['tombstone', 1],
        ['removed', 1],
        ['unapproved', 1],
        ['back', 1],
        ['rename', 2],
        ['move', 2],
        ['hours', 2],
        ['zone', 2],
        ['amenities', 1],
        ['access', 1],
        ['new', 2],
      ] as const);
      if (kind === 'tombstone') {
        deleted.push(id);
        truth.delete(id);
        continue;
      }
      let now: Restroom;
      switch (kind) {
        case 'removed':
          now = { ...was, is_removed: true };
          break;
        case 'unapproved':
          now = { ...was, status: pick(random, ['pending', 'rejected'] as const) };
          break;
        case 'back':
          now = { ...was, status: 'approved', is_removed: false };
          break;
        case 'rename':
          now = { ...was, name: `${pick(random, NAMES)} renamed ${page}.${change}`, street: random() < 0.5 ? was.street : `${change} ${pick(random, STREETS)}` };
          break;
        case 'move': {
          const { latitude, longitude } = randomPlace(random, [...truth.values()].slice(0, 50));
          now = { ...was, latitude, longitude };
          break;
        }
        case 'hours':
          now = { ...was, hours: randomHours(random, false) };
          break;
        case 'zone':
          now = { ...was, time_zone: pick(random, [...ODD_ZONES, ...METROS.map(([metro]) => metro.zone)]) };
          break;
        case 'amenities':
          now = { ...was, unisex: amenity(random), is_single_stall: amenity(random), accessible: amenity(random), changing_table: amenity(random) };
          break;
        case 'access':
          now = { ...was, access: pick(random, ACCESS), fee: pick(random, FEES) };
          break;
        case 'new':
          now = randomRestroom(random, nextId(), [...truth.values()].slice(0, 50), { irregular: false });
          break;
      }
      now = { ...now, updated_at: `2026-11-2${3 + (page % 6)}T12:00:00.000Z` };
      changed.set(now.id, now);
      truth.set(now.id, now);
    }
    pages.push(
      makePage({
        cursor: String(firstCursor + page + 1),
        more: page < count - 1,
        restrooms: [...changed.values()],
        deleted: { restrooms: deleted, comments: [] },
      }),
    );
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// The truth, by brute force.

const isVisible = (row: Restroom) => row.status === 'approved' && !row.is_removed;
const isPlaced = (row: Restroom) => row.latitude !== null && row.longitude !== null;
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A filter's yes, no or unknown, read off the row's own field: customers and key are no to 'public', paid is no to 'free'. */
function answerByHand(row: Restroom, key: ListingFilterKey): boolean | null {
  if (key === 'public') return row.access === null ? null : row.access === 'public';
  if (key === 'free') return row.fee === null ? null : row.fee === 'free';
  return row[key];
}

/** Whether a restroom passes the chosen filters at `at`, read field by field, on its own clock. */
function passesByHand(row: Restroom, filters: BathroomsFilters, at: Date): boolean {
  for (const key of LISTING_FILTER_KEYS) {
    if (!filters[key]) continue;
    const lenient = filters.include_unknown && UNKNOWN_FILTER_KEYS.includes(key);
    const answer = answerByHand(row, key);
    if (!(answer === true || (answer === null && lenient))) return false;
  }
  return !filters.open_now || hoursIsOpenOnClock(row.hours, wallClock(row.time_zone ?? REGION.timeZone, at));
}

const wallClocks = new Map<string, LocalClock>();

/** The wall clock in `zone` at `at`, each read once (a conversion per row made this test slow, not surer). */
function wallClock(zone: string, at: Date): LocalClock {
  const key = `${zone} ${at.getTime()}`;
  let clock = wallClocks.get(key);
  if (!clock) wallClocks.set(key, (clock = clockInTimeZone(at, zone)));
  return clock;
}

function passesOnUnknownByHand(row: Restroom, filters: BathroomsFilters): boolean {
  return filters.include_unknown && UNKNOWN_FILTER_KEYS.some((key) => filters[key] && answerByHand(row, key) === null);
}

/** The whole list the person should see: every passing visible restroom measured and sorted, the unplaced after them by name. */
function expectedList(truth: ReadonlyMap<string, Restroom>, origin: LatLng, filters: BathroomsFilters, at: Date) {
  const passing = [...truth.values()].filter((row) => isVisible(row) && passesByHand(row, filters, at));
  const measured = passing
    .filter(isPlaced)
    .map((row) => ({ row, exact: restroomDistanceMilesExact(origin, { lat: row.latitude!, lng: row.longitude! }) }))
    .sort((a, b) => a.exact - b.exact || byId(a.row, b.row));
  const unplaced = passing.filter((row) => !isPlaced(row)).sort((a, b) => a.name.localeCompare(b.name) || byId(a, b));
  const rows: ListedRestroom[] = [...measured.map(({ row, exact }) => ({ ...row, distance: roundedMiles(exact) })), ...unplaced.map((row) => ({ ...row, distance: null }))];
  return { rows, unknown: passing.filter((row) => passesOnUnknownByHand(row, filters)).length };
}

// ---------------------------------------------------------------------------------------------
// What the device shows, against the truth.

/**
 * Instants near midnight somewhere, and across daylight-saving changes (Chicago's clock, the
 * region's, in brackets): Friday 23:59 and Saturday 00:00 in Chicago; Saturday 23:59 in New York
 * (22:59); Sunday 00:01 in Los Angeles (02:01); Sunday 00:00 in Honolulu (04:00); Wednesday 23:59
 * in Kolkata (12:29); the fall-back hour, 01:30 twice in Chicago; 00:30 in Los Angeles on
 * spring-forward day.
 */
const INSTANTS = [
  '2026-11-28T05:59:00Z',
  '2026-11-28T06:00:00Z',
  '2026-11-29T04:59:30Z',
  '2026-11-29T08:01:00Z',
  '2026-11-29T10:00:00Z',
  '2026-11-25T18:29:00Z',
  '2026-11-01T06:30:00Z',
  '2026-11-01T07:30:00Z',
  '2026-03-08T08:30:00Z',
].map((at) => new Date(at));

function randomFilters(random: () => number): BathroomsFilters {
  const chosen = Object.fromEntries(BATHROOMS_FILTER_KEYS.map((key) => [key, random() < 0.4])) as Omit<BathroomsFilters, 'include_unknown'>;
  return { ...chosen, include_unknown: random() < 0.5 };
}


/** Words a person might type: a random restroom's name, part of it, its street, its city, and some fixed ones. */
function randomQueries(random: () => number, truth: ReadonlyMap<string, Restroom>): string[] {
  const rows = [...truth.values()];
  const some = () => pick(random, rows);
  const named = some().name;
  return [named, named.slice(1, 4), `${some().name.split(' ')[0]} ${some().city}`, some().street.split(' ').slice(1).join(' '), 'cafe', 'NANDU', 'straße', 'ŁÓDŹ', 'renamed', 'zz top'];
}

/**
 * Rows as text, every field in name order, sorted by id: comparing thousands of restrooms as objects
 * took seconds, and a failure still names the row and the field that differ.
 */
const asText = (rows: readonly object[]) => rows.map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1))));
const sortedById = <T extends { id: string }>(rows: readonly T[]) => asText([...rows].sort(byId));

/** Everything the list and the map show for one origin, filters and instant, against the truth. */
function expectListAgrees(truth: ReadonlyMap<string, Restroom>, plain: NearestList, origin: LatLng, filters: BathroomsFilters, at: Date, random: () => number, whole: boolean) {
  const where = JSON.stringify({ origin, filters, at });
  const { rows: expected, unknown } = expectedList(truth, origin, filters, at);
  const filter = restroomFilter(filters, at, REGION.timeZone);
  const list = filter ? plain.where(filter) : plain;

  expect([list.length, list.unknownCount], where).toEqual([expected.length, unknown]);
  // As the list pages: 25 rows, then 50 more.
  expect(list.first(25), where).toEqual(expected.slice(0, 25));
  expect(asText(list.first(75)), where).toEqual(asText(expected.slice(0, 75)));
  if (whole) expect(asText(everyRow(list)), where).toEqual(asText(expected));

  // The map: exactly the placed rows, each once, each entry's position its restroom's.
  const columns = list.placed();
  const placedRows = expected.filter((row) => row.distance !== null);
  expect(columns.length, where).toBe(placedRows.length);
  const onMap = Array.from({ length: columns.length }, (_, entry) => list.placedRestroom(entry)!);
  const spots = onMap.map((row, entry) => `${row.id} ${columns.latitudes[entry]} ${columns.longitudes[entry]}`).sort();
  expect(spots, where).toEqual(placedRows.map((row) => `${row.id} ${row.latitude} ${row.longitude}`).sort());
  // Each entry expands to its own restroom: all of them now and then, a sample otherwise (as text, thousands of rows take a while).
  if (whole) expect(sortedById(onMap), where).toEqual(sortedById(placedRows));
  const truthOf = new Map(placedRows.map((row) => [row.id, row] as const));
  for (let n = 0; n < 25 && onMap.length > 0; n++) {
    const row = pick(random, onMap);
    expect(row, where).toEqual(truthOf.get(row.id));
  }

  // A popup asks by id: shown restrooms expand to the truth; the unplaced, the filtered out, the hidden and the deleted are not on the map.
  for (let n = 0; n < 8 && placedRows.length > 0; n++) {
    const row = pick(random, placedRows);
    expect(list.placedWithId(row.id), where).toEqual(row);
  }
  const shownIds = new Set(expected.map((row) => row.id));
  const notOnMap = [
    expected.find((row) => row.distance === null),
    [...truth.values()].find((row) => isVisible(row) && !shownIds.has(row.id)),
    [...truth.values()].find((row) => !isVisible(row)),
  ];
  for (const row of notOnMap) if (row) expect(list.placedWithId(row.id), where).toBeUndefined();

  // The search field's saved restrooms: the list's own search over its folded names, against ranking every expanded row.
  for (const query of randomQueries(random, truth).filter(() => random() < 0.4)) {
    const limit = 1 + Math.floor(random() * 10);
    expect(list.search(rankBy(query), limit), `${where} ${query}`).toEqual(searchByHand(expected, query, limit));
  }
}

/** The page's store, its list and map for random origins, filters and instants, and IndexedDB, against the truth. */
async function expectDeviceAgrees(truth: ReadonlyMap<string, Restroom>, db: AllstallDb, store: MirrorStore, random: () => number) {
  const everything = sortedById([...truth.values()]);

  // IndexedDB holds every restroom of the truth, each once, in its own bucket, as the truth says it.
  const records = await db.restroomBuckets.toArray();
  const stored = records.flatMap((record) => record.rows.map((row) => ({ bucket: record.bucket, restroom: expandRestroom(row) })));
  expect(new Set(stored.map(({ restroom }) => restroom.id)).size).toBe(stored.length);
  for (const { bucket, restroom } of stored) expect(bucket).toBe(bucketOf(restroom.id));
  expect(sortedById(stored.map(({ restroom }) => restroom))).toEqual(everything);
  // And so does the page's memory.
  expect(sortedById(store.allRows().map(expandRestroom))).toEqual(everything);

  // A cold start on this device reads the column index the keeper stores, built from IndexedDB.
  expect(await rebuildStoredColumns(db)).toBe(true);
  const cold = new MirrorStore();
  await cold.load(db);
  const coldView = cold.getView()!;
  expect(coldView.columns).not.toBeNull();

  // Before any row is read, the columns alone count the list and place the map's pins.
  const columns = coldView.columns!;
  const unread: MirrorView = { version: -1, rows: null, columns, complete: false, compact: () => undefined, get: () => undefined };
  for (const at of INSTANTS) {
    for (const filters of [{ ...NO_FILTERS, open_now: true }, randomFilters(random)]) {
      const where = JSON.stringify({ filters, at });
      const { rows: expected, unknown } = expectedList(truth, REGION.listOrigin, filters, at);
      const filter = restroomFilter(filters, at, REGION.timeZone);
      const list = filter ? nearestList(unread, REGION.listOrigin).where(filter) : nearestList(unread, REGION.listOrigin);
      expect([list.length, list.unknownCount, list.first(5)], where).toEqual([expected.length, unknown, []]);
      const { latitudes, longitudes } = list.placed();
      const spots = Array.from(latitudes, (lat, entry) => `${lat} ${longitudes[entry]}`).sort();
      expect(spots, where).toEqual(expected.filter((row) => row.distance !== null).map((row) => `${row.latitude} ${row.longitude}`).sort());
    }
  }

  const rows = [...truth.values()];
  const placed = rows.filter((row) => isVisible(row) && isPlaced(row));
  const origins: LatLng[] = [
    REGION.listOrigin,
    REGION.mapCenter,
    // Standing exactly at a restroom (a distance of 0, and its twins' ties).
    ...Array.from({ length: 2 }, () => {
      const at = pick(random, placed);
      return { lat: at.latitude!, lng: at.longitude! };
    }),
    // Somewhere in the country, and far from it.
    ...Array.from({ length: 3 }, () => ({ lat: 20 + random() * 30, lng: -160 + random() * 90 })),
    { lat: -33.86, lng: 151.21 },
    // Either side of the antimeridian, among the Aleutians' restrooms.
    { lat: 51.9, lng: 179.98 },
    { lat: 51.88, lng: -179.97 },
  ];
  for (const [n, origin] of origins.entries()) for (const view of [store.getView()!, coldView]) {
    const plain = nearestList(view, origin);
    expectListAgrees(truth, plain, origin, NO_FILTERS, INSTANTS[0]!, random, n < 3);
    // Open now alone at each instant near a midnight, from the list's origin; random filters from every origin.
    if (n === 0) for (const at of INSTANTS) expectListAgrees(truth, plain, origin, { ...NO_FILTERS, open_now: true }, at, random, false);
    for (let trial = 0; trial < 2; trial++) {
      const at = random() < 0.5 ? pick(random, INSTANTS) : new Date(Date.UTC(2026, 10, 22) + Math.floor(random() * 7 * 24 * 60) * 60_000);
      expectListAgrees(truth, plain, origin, randomFilters(random), at, random, n < 3 && trial === 0);
    }
  }
}

describe('the list and the map over a mirror the snapshot worker and the feed filled', () => {
  it('show exactly what the compact rows say after the snapshot, and after feed pages that remove, rename, move, change hours and zones, and add; so does a cold start from the stored column index', async () => {
    const random = seededRandom(27);
    const snapshot: Restroom[] = [];
    for (let n = 1; n <= ROWS; n++) snapshot.push(randomRestroom(random, n, snapshot, { irregular: true }));
    let lastId = ROWS;
    const nextId = () => ++lastId;
    const truth = new Map(snapshot.map((row) => [row.id, row] as const));
    const { db, store, engine, pages } = device(snapshot, '1000');

    // The first visit: the snapshot through the worker, then a feed with nothing new.
    pages.push(makePage({ cursor: '1000' }));
    expect(await engine.pull()).toBe('synced');
    await expectDeviceAgrees(truth, db, store, random);

    // Two later pulls of several pages each (the engine merges some of them into one write).
    for (const [first, count] of [
      [1000, 4],
      [1004, 3],
    ] as const) {
      pages.push(...feedPages(random, truth, first, count, nextId));
      expect(await engine.pull()).toBe('synced');
      expect(pages).toEqual([]);
      await expectDeviceAgrees(truth, db, store, random);
    }
  }, 60_000);
});

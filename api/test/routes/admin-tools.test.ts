import { GEOCODE_BATCH_MAX, HOURS_BATCH_MAX, type GeocodeToolReport, type HoursRange, type HoursToolReport } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { CENTRAL_LIBRARY, fakePlaceId, GUTHRIE_THEATER, IDS_CENTER, WALKER_ART_CENTER } from '../fakes/index.js';
import { insertRestroom, pull, signInAdmin, write, type Person, type RestroomOverrides } from '../support/fixtures.js';
import { logEntriesFor } from '../support/moderation-fixtures.js';
import { usePlacesApp } from '../support/places-app.js';

/*
 * The /api tools page (docs/product-rules.md#admin-screens): geocode restrooms without a position,
 * and fill opening hours from OpenStreetMap for a range of restroom ids, against the fake Photon and
 * Overpass. Each call reports what it changed, and a failing service changes nothing.
 */

const places = usePlacesApp('photon');
let admin: Person;

beforeAll(async () => {
  admin = await signInAdmin(places().testApp.app);
});

const db = () => places().testApp.app.db;

/** A restroom with the given address and no position. */
async function unplacedRestroom(name: string, street: string, overrides: RestroomOverrides = {}): Promise<string> {
  const id = await insertRestroom(db(), { name, latitude: null, longitude: null, ...overrides });
  await db().updateTable('restrooms').set({ street, city: 'Minneapolis' }).where('id', '=', id).execute();
  return id;
}

function geocode(body: object, key?: string) {
  return write(places().testApp.app, '/api/admin/tools/geocode', { as: admin, payload: body, ...(key === undefined ? {} : { key }) });
}

function fillHours(minId: string, maxId: string) {
  return write(places().testApp.app, '/api/admin/tools/hours', { as: admin, payload: { minId, maxId } });
}

async function positionOf(id: string) {
  return db().selectFrom('restrooms').select(['latitude', 'longitude', 'place_id']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function hoursOf(id: string): Promise<HoursRange[]> {
  return db().selectFrom('opening_hours').select(['day', 'open', 'close']).where('restroom_id', '=', id).orderBy('day').orderBy('open').execute();
}

describe('POST /api/admin/tools/geocode', () => {
  it('places restrooms the geocoder finds, reports the rest, and every device gets the new positions', async () => {
    const { app } = places().testApp;
    // Ids are UUIDv7: everything made after this marker sorts after it.
    const marker = uuidv7();
    const library = await unplacedRestroom('Library restroom', '300 Nicollet Mall');
    const walker = await unplacedRestroom('Walker Art Center', '', { place_id: 'osm:N42' });
    const nowhere = await unplacedRestroom('Nowhere', '1 Imaginary Lane');
    const placed = await insertRestroom(db(), { name: 'Already placed' });
    const cursor = (await pull(app)).cursor;

    const response = await geocode({ afterId: marker });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<GeocodeToolReport>();
    expect(report).toEqual({
      checked: 3,
      updated: [
        { id: library, name: 'Library restroom', latitude: CENTRAL_LIBRARY.lat, longitude: CENTRAL_LIBRARY.lng },
        { id: walker, name: 'Walker Art Center', latitude: WALKER_ART_CENTER.lat, longitude: WALKER_ART_CENTER.lng },
      ],
      notFound: [{ id: nowhere, name: 'Nowhere' }],
      remaining: 0,
      nextAfterId: null,
    });

    // The place id is filled in where there was none, and kept where there was one.
    expect(await positionOf(library)).toEqual({ latitude: CENTRAL_LIBRARY.lat, longitude: CENTRAL_LIBRARY.lng, place_id: fakePlaceId(CENTRAL_LIBRARY) });
    expect((await positionOf(walker)).place_id).toBe('osm:N42');
    expect(await positionOf(nowhere)).toMatchObject({ latitude: null, longitude: null });

    const next = await pull(app, cursor);
    const pulled = Object.fromEntries(next.restrooms.map((restroom) => [restroom.id, [restroom.latitude, restroom.longitude]]));
    expect(pulled).toEqual({ [library]: [CENTRAL_LIBRARY.lat, CENTRAL_LIBRARY.lng], [walker]: [WALKER_ART_CENTER.lat, WALKER_ART_CENTER.lng] });
    expect(Object.keys(pulled)).not.toContain(placed);
    // Placed, each takes the time zone where it now stands, for its open-now badge.
    expect(next.restrooms.map((restroom) => restroom.time_zone)).toEqual(['America/Chicago', 'America/Chicago']);

    const [entry] = await logEntriesFor(app, library);
    expect(entry).toMatchObject({ actor_id: admin.id, action: 'restroom.geocode', entity: 'restroom' });
    expect(JSON.parse(entry?.after_json ?? 'null')).toEqual({
      latitude: CENTRAL_LIBRARY.lat,
      longitude: CENTRAL_LIBRARY.lng,
      place_id: fakePlaceId(CENTRAL_LIBRARY),
    });
  });

  it(`works through at most ${GEOCODE_BATCH_MAX} a call and says where to carry on`, async () => {
    const marker = uuidv7();
    const ids: string[] = [];
    for (let index = 0; index < GEOCODE_BATCH_MAX + 2; index += 1) ids.push(await unplacedRestroom(`Lost ${index}`, `${index} Imaginary Lane`));

    const first = (await geocode({ afterId: marker })).json<GeocodeToolReport>();
    expect(first).toMatchObject({ checked: GEOCODE_BATCH_MAX, updated: [], remaining: 2, nextAfterId: ids[GEOCODE_BATCH_MAX - 1] });
    expect(first.notFound).toHaveLength(GEOCODE_BATCH_MAX);

    const second = (await geocode({ afterId: first.nextAfterId ?? '' })).json<GeocodeToolReport>();
    expect(second).toMatchObject({ checked: 2, remaining: 0, nextAfterId: null });
    expect(second.notFound.map((restroom) => restroom.id)).toEqual(ids.slice(GEOCODE_BATCH_MAX));
  });

  it('answers 502 with a clear message when the geocoder fails, and changes nothing', async () => {
    const { app, geocoder } = { app: places().testApp.app, geocoder: places().geocoder };
    const marker = uuidv7();
    const museum = await unplacedRestroom('Mill City Museum', '704 South 2nd Street');
    const seq = await readMeta(app.db, 'seq');
    geocoder.fail('error');

    const response = await geocode({ afterId: marker });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      statusCode: 502,
      message: 'The address service is not working right now. Try again in a moment. Nothing was changed.',
    });
    expect(await positionOf(museum)).toMatchObject({ latitude: null, longitude: null, place_id: null });
    expect(await readMeta(app.db, 'seq')).toBe(seq);
    expect(await logEntriesFor(app, museum)).toEqual([]);

    geocoder.recover();
    const retried = (await geocode({ afterId: marker })).json<GeocodeToolReport>();
    expect(retried.updated.map((restroom) => restroom.id)).toEqual([museum]);
  });

  it('replays the first report for a repeated Idempotency-Key', async () => {
    const marker = uuidv7();
    const city = await unplacedRestroom('Guthrie', '818 South 2nd Street');
    const key = uuidv7();
    const first = await geocode({ afterId: marker }, key);
    expect(first.json<GeocodeToolReport>().updated.map((restroom) => restroom.id)).toEqual([city]);
    const again = await geocode({ afterId: marker }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('answers 400 naming afterId for something that is not an id', async () => {
    const response = await geocode({ afterId: 'the start' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field: 'afterId' });
  });
});

/** The Central Library's `opening_hours` as day ranges. */
const LIBRARY_HOURS: HoursRange[] = [
  { day: 0, open: 1200, close: 1700 },
  { day: 1, open: 900, close: 2000 },
  { day: 2, open: 900, close: 2000 },
  { day: 3, open: 900, close: 2000 },
  { day: 4, open: 900, close: 2000 },
  { day: 5, open: 930, close: 1730 },
  { day: 6, open: 930, close: 1730 },
];

/** The Walker Art Center's `opening_hours` as day ranges. */
const WALKER_HOURS: HoursRange[] = [
  { day: 0, open: 1100, close: 1700 },
  { day: 2, open: 1100, close: 1700 },
  { day: 3, open: 1100, close: 1700 },
  { day: 4, open: 1100, close: 2100 },
  { day: 5, open: 1100, close: 1700 },
  { day: 6, open: 1100, close: 1700 },
];

async function setHours(id: string, hours: readonly HoursRange[]): Promise<void> {
  await db().deleteFrom('opening_hours').where('restroom_id', '=', id).execute();
  await db().insertInto('opening_hours').values(hours.map((range) => ({ restroom_id: id, ...range }))).execute();
}

describe('POST /api/admin/tools/hours', () => {
  it('replaces the hours OpenStreetMap knows better, and counts the rest', async () => {
    const { app } = places().testApp;
    const library = await insertRestroom(db(), { name: 'Library', place_id: fakePlaceId(CENTRAL_LIBRARY) });
    const walker = await insertRestroom(db(), { name: 'Walker', place_id: fakePlaceId(WALKER_ART_CENTER) });
    await setHours(walker, WALKER_HOURS);
    const unplaced = await insertRestroom(db(), { name: 'No place' });
    const unreadable = await insertRestroom(db(), { name: 'IDS', place_id: fakePlaceId(IDS_CENTER) });
    const untagged = await insertRestroom(db(), { name: 'Guthrie', place_id: fakePlaceId(GUTHRIE_THEATER) });
    const vanished = await insertRestroom(db(), { name: 'Gone from the map', place_id: 'osm:N999999' });
    await setHours(untagged, [{ day: 1, open: 800, close: 1600 }]);
    const cursor = (await pull(app)).cursor;

    const response = await fillHours(library, vanished);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<HoursToolReport>()).toEqual({
      checked: 6,
      updated: [{ id: library, name: 'Library', hours: LIBRARY_HOURS }],
      unchanged: 1,
      noPlace: 1,
      failed: 3,
      remaining: 0,
      nextMinId: null,
    });
    expect(await hoursOf(library)).toEqual(LIBRARY_HOURS);
    // Hours OpenStreetMap cannot tell are left as they were.
    expect(await hoursOf(untagged)).toEqual([{ day: 1, open: 800, close: 1600 }]);
    expect(await hoursOf(unplaced)).toEqual([]);
    expect(await hoursOf(unreadable)).toEqual([]);

    const next = await pull(app, cursor);
    expect(next.restrooms.map((restroom) => [restroom.id, restroom.hours])).toEqual([[library, LIBRARY_HOURS]]);
    const [entry] = await logEntriesFor(app, library);
    expect(entry).toMatchObject({ actor_id: admin.id, action: 'restroom.hours', entity: 'restroom' });
    expect(JSON.parse(entry?.before_json ?? 'null')).toEqual({ hours: null });
    expect(JSON.parse(entry?.after_json ?? 'null')).toEqual({ hours: LIBRARY_HOURS });
    expect(await logEntriesFor(app, walker)).toEqual([]);
  });

  it('takes the range as ids in their sorted order, ends included, whatever their case', async () => {
    const before = await insertRestroom(db(), { place_id: fakePlaceId(CENTRAL_LIBRARY) });
    const first = await insertRestroom(db(), { name: 'First', place_id: fakePlaceId(CENTRAL_LIBRARY) });
    const last = await insertRestroom(db(), { name: 'Last', place_id: fakePlaceId(WALKER_ART_CENTER) });
    const after = await insertRestroom(db(), { place_id: fakePlaceId(WALKER_ART_CENTER) });

    const report = (await fillHours(first.toUpperCase(), last)).json<HoursToolReport>();
    expect(report.updated.map((restroom) => restroom.name)).toEqual(['First', 'Last']);
    expect(await hoursOf(before)).toEqual([]);
    expect(await hoursOf(after)).toEqual([]);
  });

  it(`looks at most ${HOURS_BATCH_MAX} restrooms a call and says where the rest of the range starts`, async () => {
    const ids: string[] = [];
    for (let index = 0; index < HOURS_BATCH_MAX + 1; index += 1) ids.push(await insertRestroom(db(), { name: `Row ${index}` }));
    const [minId, maxId] = [ids[0] ?? '', ids.at(-1) ?? ''];

    const first = (await fillHours(minId, maxId)).json<HoursToolReport>();
    expect(first).toMatchObject({ checked: HOURS_BATCH_MAX, noPlace: HOURS_BATCH_MAX, remaining: 1, nextMinId: maxId });
    const second = (await fillHours(first.nextMinId ?? '', maxId)).json<HoursToolReport>();
    expect(second).toMatchObject({ checked: 1, remaining: 0, nextMinId: null });
  });

  it('answers 502 when Overpass fails part-way, and changes none of the batch', async () => {
    const { app } = places().testApp;
    const library = await insertRestroom(db(), { name: 'Library again', place_id: fakePlaceId(CENTRAL_LIBRARY) });
    const walker = await insertRestroom(db(), { name: 'Walker again', place_id: `osm:W${WALKER_ART_CENTER.osm.id + 1000}` });
    // The library's tags are already known to the tool, so its look-up succeeds from memory
    // while the next one reaches the failing Overpass.
    await fillHours(library, library);
    await setHours(library, [{ day: 3, open: 1000, close: 1100 }]);
    const seq = await readMeta(app.db, 'seq');
    places().overpass.fail('close');

    const response = await fillHours(library, walker);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ statusCode: 502, message: 'The map data service did not answer. Try again in a moment. Nothing was changed.' });
    expect(await hoursOf(library)).toEqual([{ day: 3, open: 1000, close: 1100 }]);
    expect(await readMeta(app.db, 'seq')).toBe(seq);
  });

  it('answers 400 naming maxId for a range that ends before it starts', async () => {
    const [early, late] = [uuidv7(), uuidv7()];
    const response = await fillHours(late, early);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: 'The max id must not come before the min id.', field: 'maxId' });
  });
});

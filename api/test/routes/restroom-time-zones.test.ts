import type { NewRestroomReceipt, RestroomDecisionResult } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRestroom, newRestroomBody, pull, signInAdmin, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';
import { importAs, refugeImportRow } from '../support/import-fixtures.js';

/*
 * Every write that sets or moves a restroom's position stores the time zone where it now stands
 * (docs/architecture.md#time-zones), so the feed carries it to every device for open-now.
 */

const testApp = useTestApp();
let admin: Person;

beforeAll(async () => {
  admin = await signInAdmin(testApp().app);
});

const DENVER = { latitude: 39.7372, longitude: -104.9879 };
const CHICAGO = { latitude: 41.8837, longitude: -87.6249 };

async function storedZone(id: string): Promise<string | null> {
  const row = await testApp().app.db.selectFrom('restrooms').select('time_zone').where('id', '=', id).executeTakeFirstOrThrow();
  return row.time_zone;
}

describe('a restroom’s time zone', () => {
  it('is looked up for a new restroom from where it stands, and travels in the feed', async () => {
    const { app } = testApp();
    const { cursor } = await pull(app);
    const body = newRestroomBody();
    const response = await write(app, '/api/bathrooms', {
      as: admin,
      key: uuidv7(),
      payload: { ...body, bathroomToAdd: { ...body.bathroomToAdd, name: 'Denver Central Library', formatted_address: '10 W 14th Ave Pkwy, Denver, CO 80204', ...DENVER } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { restroom } = response.json<NewRestroomReceipt>();
    expect(restroom.time_zone).toBe('America/Denver');
    expect((await pull(app, cursor)).restrooms.map((row) => [row.name, row.time_zone])).toEqual([['Denver Central Library', 'America/Denver']]);
  });

  it('follows an admin’s edit that moves the restroom, and is unknown without a position', async () => {
    const { app } = testApp();
    const id = await insertRestroom(app.db, { name: 'Moving restroom', ...CHICAGO });
    const patch = (payload: object) => write(app, `/api/bathrooms/${id}`, { method: 'PATCH', as: admin, payload });

    const moved = await patch(DENVER);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<RestroomDecisionResult>().restroom.time_zone).toBe('America/Denver');
    const { cursor } = await pull(app);

    // Kansas City's meridian at Denver's latitude: Central.
    expect((await patch({ latitude: DENVER.latitude, longitude: -94.58 })).statusCode).toBe(200);
    expect(await storedZone(id)).toBe('America/Chicago');
    expect((await pull(app, cursor)).restrooms.map((row) => row.time_zone)).toEqual(['America/Chicago']);

    expect((await patch({ latitude: null, longitude: null })).statusCode).toBe(200);
    expect(await storedZone(id)).toBeNull();

    // An edit that does not move it leaves the zone alone.
    expect((await patch(DENVER)).statusCode).toBe(200);
    expect((await patch({ name: 'Renamed restroom' })).statusCode).toBe(200);
    expect(await storedZone(id)).toBe('America/Denver');
  });

  it('is set by an import, kept when the position is, and follows a listing the source moved', async () => {
    const { app } = testApp();
    const rows = [
      refugeImportRow('9001', { name: 'Chicago Cultural Center', ...CHICAGO }),
      refugeImportRow('9002', { name: 'Denver Central Library', ...DENVER }),
      refugeImportRow('9003', { name: 'Somewhere', latitude: null, longitude: null }),
    ];
    const first = await importAs(app, admin, { source: 'refuge', rows });
    expect(first).toMatchObject({ inserted: 3, updated: 0 });
    const idOf = async (sourceId: string) =>
      (await app.db.selectFrom('restrooms').select('id').where('source_id', '=', sourceId).executeTakeFirstOrThrow()).id;
    expect(await storedZone(await idOf('9001'))).toBe('America/Chicago');
    expect(await storedZone(await idOf('9002'))).toBe('America/Denver');
    expect(await storedZone(await idOf('9003'))).toBeNull();

    // The same rows again change nothing.
    expect(await importAs(app, admin, { source: 'refuge', rows })).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });

    // Refuge moves the "Denver" listing to Chicago: its zone moves with it.
    const movedRows = [rows[0]!, { ...rows[1]!, ...CHICAGO }, rows[2]!];
    expect(await importAs(app, admin, { source: 'refuge', rows: movedRows })).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    expect(await storedZone(await idOf('9002'))).toBe('America/Chicago');
  });
});

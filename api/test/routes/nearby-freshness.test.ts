import type { LatLng, NearbyRestroom } from '@allstall/shared';
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { nextVersion } from '../../src/repositories/feed-versions.js';
import { insertRestroom, signInAdmin, signUp, write, WALKER } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';
import { addPendingRestroom } from '../support/moderation-fixtures.js';

/*
 * GET /api/bathrooms/nearby answers from what it keeps in memory until `meta.seq` moves. A change,
 * whether made through the api or by another process writing the database directly and taking a
 * version as the repositories do, must show in the very next answer.
 */

const testApp = useTestApp();

async function nearby(origin: LatLng, limit = 5): Promise<NearbyRestroom[]> {
  const response = await testApp().app.inject({ method: 'GET', url: `/api/bathrooms/nearby?lat=${origin.lat}&lng=${origin.lng}&limit=${limit}` });
  expect(response.statusCode).toBe(200);
  return response.json<NearbyRestroom[]>();
}

const idsNear = async (origin: LatLng) => (await nearby(origin)).map((restroom) => restroom.id);

/** A write by some other process: a fresh version stamped on whatever `change` touches, in one transaction. */
async function writeElsewhere(change: (trx: Transaction<Database>, version: number) => Promise<unknown>): Promise<void> {
  await testApp().app.db.transaction().execute(async (trx) => change(trx, await nextVersion(trx)));
}

describe('a change and the very next nearby answer, through the api', () => {
  const walker = { lat: WALKER.latitude, lng: WALKER.longitude };

  it('lists a restroom as soon as an admin approves it, and drops it when removed, then deleted', async () => {
    const { app } = testApp();
    const admin = await signInAdmin(app);
    const id = await addPendingRestroom(app, await signUp(app, 'nearby-adder'));
    expect(await idsNear(walker)).not.toContain(id);
    const approved = await write(app, `/api/bathrooms/${id}`, { method: 'PATCH', as: admin, payload: { status: 'approved' } });
    expect(approved.statusCode).toBe(200);
    expect(await idsNear(walker)).toContain(id);

    const removed = await write(app, `/api/bathrooms/${id}`, { method: 'PATCH', as: admin, payload: { is_removed: true } });
    expect(removed.statusCode).toBe(200);
    expect(await idsNear(walker)).not.toContain(id);

    await write(app, `/api/bathrooms/${id}`, { method: 'PATCH', as: admin, payload: { is_removed: false } });
    expect(await idsNear(walker)).toContain(id);
    const deleted = await write(app, `/api/bathrooms/${id}`, { method: 'DELETE', as: admin });
    expect(deleted.statusCode).toBe(204);
    expect(await idsNear(walker)).not.toContain(id);
  });

  it('answers a moved restroom at its new place, with its new distance', async () => {
    const { app } = testApp();
    const admin = await signInAdmin(app);
    const from = { lat: 12, lng: 30 };
    const to = { lat: 12.5, lng: 30.5 };
    const id = await insertRestroom(app.db, { latitude: from.lat, longitude: from.lng });
    expect((await nearby(from))[0]).toMatchObject({ id, distance: 0 });

    const moved = await write(app, `/api/bathrooms/${id}`, { method: 'PATCH', as: admin, payload: { latitude: to.lat, longitude: to.lng } });
    expect(moved.statusCode).toBe(200);
    expect((await nearby(to))[0]).toMatchObject({ id, distance: 0, latitude: to.lat, longitude: to.lng });
    expect((await nearby(from))[0]?.distance).toBeGreaterThan(40);
  });
});

describe('a change another process makes in the database, and the very next nearby answer', () => {
  it('lists a restroom added by an import straight into the database', async () => {
    const origin = { lat: -20, lng: 140 };
    const before = await idsNear(origin);
    const id = await insertRestroom(testApp().app.db, { latitude: origin.lat, longitude: origin.lng });
    expect(before).not.toContain(id);
    expect((await nearby(origin))[0]).toMatchObject({ id, distance: 0 });
  });

  it('follows a move, a removal and a deletion', async () => {
    const { db } = testApp().app;
    const from = { lat: -30, lng: 150 };
    const to = { lat: -30.2, lng: 150.2 };
    const id = await insertRestroom(db, { latitude: from.lat, longitude: from.lng });
    expect((await nearby(from))[0]?.id).toBe(id);

    await writeElsewhere((trx, version) => trx.updateTable('restrooms').set({ latitude: to.lat, longitude: to.lng, version }).where('id', '=', id).execute());
    expect((await nearby(to))[0]).toMatchObject({ id, distance: 0 });

    await writeElsewhere((trx, version) => trx.updateTable('restrooms').set({ is_removed: 1, version }).where('id', '=', id).execute());
    expect(await idsNear(to)).not.toContain(id);

    await writeElsewhere((trx, version) => trx.updateTable('restrooms').set({ is_removed: 0, version }).where('id', '=', id).execute());
    expect(await idsNear(to)).toContain(id);
    await writeElsewhere(async (trx, version) => {
      await trx.insertInto('tombstones').values({ entity: 'restroom', id, version, deleted_at: Date.now() }).execute();
      await trx.deleteFrom('restrooms').where('id', '=', id).execute();
    });
    expect(await idsNear(to)).not.toContain(id);
  });

  it('answers new hours and thumb counts of a restroom it answered before', async () => {
    const { db } = testApp().app;
    const origin = { lat: 40, lng: -40 };
    const id = await insertRestroom(db, { latitude: origin.lat, longitude: origin.lng });
    expect((await nearby(origin))[0]).toMatchObject({ id, hours: null, upvotes: 0 });

    await writeElsewhere(async (trx, version) => {
      await trx.insertInto('opening_hours').values({ restroom_id: id, day: 1, open: 800, close: 1700 }).execute();
      await trx.updateTable('restrooms').set({ upvotes: 3, version }).where('id', '=', id).execute();
    });
    expect((await nearby(origin))[0]).toMatchObject({ id, hours: [{ day: 1, open: 800, close: 1700 }], upvotes: 3 });
  });
});

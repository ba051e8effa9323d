import { expandRestroom, snapshotRowsOfColumns, type CompactRestroom, type Restroom, type SyncSnapshotWireLine } from '@allstall/shared';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import { pull, type Person } from './fixtures.js';
import { decodedBody } from './helpers.js';

/*
 * A restroom as each public read gives it, for the tests that follow one value (unknown, a fee)
 * through every read a device or a visitor makes.
 */

/** A GET that must answer 200, as a guest or as `as`. */
export async function getOk<T>(app: App, url: string, as?: Person): Promise<T> {
  const response = await app.inject({ method: 'GET', url, ...(as === undefined ? {} : { headers: { cookie: as.cookie } }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** The first-sync snapshot's lines as the wire carries them, the header first. */
export async function snapshotLines(app: App): Promise<SyncSnapshotWireLine[]> {
  return decodedBody(await app.inject({ method: 'GET', url: '/api/sync/snapshot' }))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SyncSnapshotWireLine);
}

/** The compact rows of the snapshot's column lines. */
export function compactRowsOf(lines: SyncSnapshotWireLine[]): CompactRestroom[] {
  return lines.flatMap((line) => ('restroomColumns' in line ? (snapshotRowsOfColumns(line.restroomColumns) ?? []) : [])).map((row) => row as CompactRestroom);
}

/** The restroom from the feed, the snapshot's compact row, the detail, nearby, the list and the admin's list, each of which must have it. */
export async function everyPublicRead(app: App, id: string, admin: Person): Promise<Restroom[]> {
  const fromFeed = (await pull(app)).restrooms.find((restroom) => restroom.id === id);
  const fromSnapshot = compactRowsOf((await snapshotLines(app)).slice(1))
    .map((row) => expandRestroom(row))
    .find((restroom) => restroom.id === id);
  const detail = await getOk<Restroom>(app, `/api/bathrooms/${id}`);
  const nearby = (await getOk<Restroom[]>(app, '/api/bathrooms/nearby?lat=44.98&lng=-93.27&limit=200')).find((restroom) => restroom.id === id);
  const listed = (await getOk<Restroom[]>(app, '/api/bathrooms')).find((restroom) => restroom.id === id);
  const adminListed = (await getOk<Restroom[]>(app, '/api/bathrooms?all=1', admin)).find((restroom) => restroom.id === id);
  const reads = [fromFeed, fromSnapshot, detail, nearby, listed, adminListed];
  expect(reads.every((read) => read !== undefined)).toBe(true);
  return reads as Restroom[];
}

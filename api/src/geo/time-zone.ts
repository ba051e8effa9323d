import { createRequire } from 'node:module';

/*
 * A restroom's own time zone, from its position (docs/architecture.md#time-zones): open-now and the
 * hours panel's "today" read a restroom's hours on the clocks of the place it stands, so a deployment
 * spanning Chicago and Denver is right for both. The lookup is geo-tz over the boundaries of
 * timezone-boundary-builder (OpenStreetMap data, ODbL), read from files inside the package: no
 * network call, so imports and edits work with no connection, and a border town is answered by the
 * polygon it stands in, not by the nearest city.
 */

type FindZones = (lat: number, lng: number) => string[];

interface GeoTz {
  find: FindZones;
  setCache(options: { store: Map<string, unknown> }): void;
}

/**
 * The most boundary pieces kept decoded. geo-tz keeps every piece it has decoded for good by
 * default; a national import walks across many, so the oldest make way (each is read back from disk
 * in a millisecond or two should it be needed again).
 */
const DECODED_PIECES = 256;

class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}

let findZones: FindZones | undefined;

/**
 * geo-tz reads its index (close to a megabyte of JSON) as it loads, so it is loaded on the first
 * lookup rather than when the server starts: most requests never need it.
 */
function zonesFinder(): FindZones {
  if (findZones === undefined) {
    const geoTz = createRequire(import.meta.url)('geo-tz') as GeoTz;
    geoTz.setCache({ store: new BoundedMap(DECODED_PIECES) });
    findZones = geoTz.find;
  }
  return findZones;
}

/**
 * The IANA time zone at a position, or null without one (or with one outside the globe's ranges).
 * geo-tz answers several zones only where timekeeping is disputed or exactly on a border; the first
 * is taken, since any of them is the local clock for someone there. At sea or on unclaimed land it
 * answers a nautical zone such as "Etc/GMT+6"; that is kept: it is a fixed offset true of the
 * longitude, which is better than the region's zone for a listing that far out, and Intl reads it
 * like any other zone.
 */
export function timeZoneAt(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return zonesFinder()(latitude, longitude)[0] ?? null;
}

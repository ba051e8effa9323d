import type { ClientConfig, LatLng } from './schemas/config.js';

export type DistanceUnits = 'mi' | 'km';

/**
 * Where a deployment serves (docs/architecture.md#the-region): read from configuration at start on
 * the server, sent to clients in /api/config. Every field has the launch region's value by default.
 */
export interface Region {
  name: string;
  /** State (or province) for addresses that name none. */
  state: string;
  /** ISO 3166 code; imported listings that name no country are taken to be here. */
  country: string;
  /** The time zone for a restroom whose own is unknown (it has no position). */
  timeZone: string;
  /** Where the map opens, and at which zoom. */
  mapCenter: LatLng;
  mapZoom: number;
  /** Where distances are measured from until the person shares a position or searches an address. */
  listOrigin: LatLng;
  /**
   * The list origin in words, as in "Closest to downtown Minneapolis first": the name for any
   * language that has none of its own in listOriginNames.
   */
  listOriginName: string;
  /** The list origin's name in other languages, by language code: `{ es: 'el centro de Minneapolis' }`. */
  listOriginNames: Readonly<Record<string, string>>;
  /** The point the Refuge page-at-a-time review searches around. */
  importPoint: LatLng;
  /** The boxes the OpenStreetMap importer asks for toilets in (several for an area no one box fits). */
  importBoxes: readonly BoundingBox[];
  /** How distances are shown: miles or kilometres. */
  units: DistanceUnits;
}

/** A latitude/longitude box, in the order Overpass writes one: south, west, north, east. */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The launch region: Minneapolis. */
export const DEFAULT_REGION: Region = {
  name: 'Minneapolis',
  state: 'MN',
  country: 'US',
  timeZone: 'America/Chicago',
  mapCenter: { lat: 44.979225, lng: -93.266945 },
  mapZoom: 15,
  listOrigin: { lat: 44.97997, lng: -93.26384 },
  // 'downtown Minneapolis', and 'el centro de Minneapolis' in Spanish.
  ...downtownOriginNames('Minneapolis'),
  importPoint: { lat: 44.977753, lng: -93.2650108 },
  // The city limits, rounded outwards.
  importBoxes: [{ south: 44.89, west: -93.33, north: 45.052, east: -93.193 }],
  units: 'mi',
};

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** Sent on every write; cross-site forms cannot set it, so it doubles as a CSRF check that survives replay. */
export const REQUESTED_WITH_HEADER = 'x-requested-with';
export const REQUESTED_WITH_VALUE = 'allstall';

/** The deployment settings a client needs: the region without what only the importers use. */
export function clientConfigFor(
  settings: Pick<ClientConfig, 'authorName' | 'tileUrl' | 'tileAttribution'> & Partial<Pick<ClientConfig, 'map_pack'>>,
  region: Region = DEFAULT_REGION,
): ClientConfig {
  const { name, state, country, timeZone, mapCenter, mapZoom, listOrigin, listOriginName, listOriginNames, units } = region;
  return {
    ...settings,
    // No pack unless the deployment offers one (MAP_PACK_FILE or MAP_PACK_URL).
    map_pack: settings.map_pack ?? null,
    region: { name, state, country, timeZone, mapCenter, mapZoom, listOrigin, listOriginName, listOriginNames: { ...listOriginNames }, units },
  };
}

/**
 * The list origin "downtown NAME" in each language allstall speaks, for a region that names no
 * point of its own: the name for any language, and the others by language code.
 */
export function downtownOriginNames(regionName: string): Pick<Region, 'listOriginName' | 'listOriginNames'> {
  return { listOriginName: `downtown ${regionName}`, listOriginNames: { es: `el centro de ${regionName}` } };
}

/** The list origin's name in a language (a code such as 'es'): its own name there, else the name for any language. */
export function listOriginNameIn(region: Pick<Region, 'listOriginName' | 'listOriginNames'>, language: string): string {
  return Object.hasOwn(region.listOriginNames, language) ? region.listOriginNames[language]! : region.listOriginName;
}

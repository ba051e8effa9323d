import type { ClientConfig, LatLng } from './schemas/config.js';

/** The launch region (docs/architecture.md#the-region). Deployments elsewhere override these through configuration. */
export const DEFAULT_REGION = {
  name: 'Minneapolis',
  state: 'MN',
  /** ISO 3166 code; imported listings that name no country are taken to be here. */
  country: 'US',
  timeZone: 'America/Chicago',
  /** Where the map opens. */
  mapCenter: { lat: 44.979225, lng: -93.266945 } satisfies LatLng,
  /** Where distances are measured from until the person shares a position or searches an address. */
  listOrigin: { lat: 44.97997, lng: -93.26384 } satisfies LatLng,
  /** The point the Refuge importer searches around. */
  importPoint: { lat: 44.977753, lng: -93.2650108 } satisfies LatLng,
  /** The box the OpenStreetMap importer asks for toilets in: the city limits, rounded outwards. */
  importBounds: { south: 44.89, west: -93.33, north: 45.052, east: -93.193 } satisfies BoundingBox,
} as const;

/** A latitude/longitude box, in the order Overpass writes one: south, west, north, east. */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** Sent on every write; cross-site forms cannot set it, so it doubles as a CSRF check that survives replay. */
export const REQUESTED_WITH_HEADER = 'x-requested-with';
export const REQUESTED_WITH_VALUE = 'allstall';

/** The deployment settings a client needs, with the launch region filled in. */
export function clientConfigFor(settings: Pick<ClientConfig, 'authorName' | 'tileUrl' | 'tileAttribution'>): ClientConfig {
  const { name, state, timeZone, mapCenter, listOrigin } = DEFAULT_REGION;
  return { ...settings, region: { name, state, timeZone, mapCenter, listOrigin } };
}

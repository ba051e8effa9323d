import type { LatLng, Place } from '@allstall/shared';
import type { AppConfig } from '../config.js';
import { ExpiringLruCache } from './answer-cache.js';
import { createNominatimProvider } from './nominatim.js';
import { createOverpassClient, type OsmElement, type OsmElementSource } from './overpass.js';
import { createPhotonProvider } from './photon.js';
import { placeIdFromOsmRef, type GeocodingProvider, type OsmRef } from './provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_ENTRIES = 1000;
/** Two decimals is about a kilometre: plenty to rank suggestions, and more answers shared. */
const BIAS_DECIMALS = 2;

/** Place look-ups as the routes use them: one provider, its answers kept for a day. */
export interface GeocodingService {
  autocomplete(input: string, near: LatLng | undefined): Promise<Place[]>;
  search(address: string): Promise<Place[]>;
  reverse(at: LatLng): Promise<Place[]>;
  /** The place with this OpenStreetMap id; null when unknown. */
  place(ref: OsmRef): Promise<Place | null>;
  /** The element's OpenStreetMap tags (its opening hours), from Overpass; null when there is no such element. */
  osmTags(ref: OsmRef): Promise<Readonly<Record<string, string>> | null>;
}

export type GeocodingSettings = Pick<AppConfig, 'geocoder' | 'geocoderTimeoutMs' | 'overpassUrl' | 'region'>;

/**
 * Builds the service for one app. Every answer is kept for a day (errors are not kept), which spares
 * the volunteer-run services repeated questions: Nominatim allows one request a second. A place a
 * list has just answered is kept under its id as well, so opening a suggestion needs no look-up.
 */
export function createGeocodingService(settings: GeocodingSettings, now: () => number = Date.now): GeocodingService {
  const timeoutMs = settings.geocoderTimeoutMs;
  const lists = new ExpiringLruCache<Place[]>(CACHE_ENTRIES, DAY_MS, now);
  const places = new ExpiringLruCache<Place | null>(CACHE_ENTRIES, DAY_MS, now);
  const elements = new ExpiringLruCache<OsmElement | null>(CACHE_ENTRIES, DAY_MS, now);

  const overpass = createOverpassClient({ url: settings.overpassUrl, timeoutMs });
  const cachedOverpass: OsmElementSource = {
    element: (ref) => elements.getOrLoad(placeIdFromOsmRef(ref), () => overpass.element(ref)),
  };
  const provider = createProvider(settings, cachedOverpass);

  async function list(key: string, load: () => Promise<Place[]>): Promise<Place[]> {
    const answer = await lists.getOrLoad(key, load);
    for (const place of answer) places.set(place.place_id, place);
    return answer;
  }

  return {
    autocomplete(input, near) {
      const bias = near === undefined ? undefined : roundedLatLng(near);
      return list(`autocomplete|${queryKey(input)}|${bias?.lat},${bias?.lng}`, () => provider.autocomplete(input, bias));
    },
    search(address) {
      return list(`search|${queryKey(address)}`, () => provider.search(address, settings.region.mapCenter));
    },
    reverse(at) {
      const spot = roundedLatLng(at, 5);
      return list(`reverse|${spot.lat},${spot.lng}`, () => provider.reverse(spot));
    },
    place(ref) {
      return places.getOrLoad(placeIdFromOsmRef(ref), () => provider.lookup(ref));
    },
    async osmTags(ref) {
      return (await cachedOverpass.element(ref))?.tags ?? null;
    },
  };
}

function createProvider(settings: GeocodingSettings, osmElements: OsmElementSource): GeocodingProvider {
  const { kind, url } = settings.geocoder;
  const timeoutMs = settings.geocoderTimeoutMs;
  return kind === 'nominatim'
    ? createNominatimProvider({ url, timeoutMs })
    : createPhotonProvider({ url, timeoutMs, osmElements });
}

/** Case and spacing do not change what a geocoder finds, so they do not make a new question either. */
function queryKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

function roundedLatLng({ lat, lng }: LatLng, decimals: number = BIAS_DECIMALS): LatLng {
  const factor = 10 ** decimals;
  return { lat: Math.round(lat * factor) / factor, lng: Math.round(lng * factor) / factor };
}

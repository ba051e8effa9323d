import { useCallback, useEffect, useRef, useState } from 'react';
import type { LatLng, Place, PlaceDetails } from '@allstall/shared';
import type { ApiClient } from '@/lib/api/api-client';
import { useServices } from '@/lib/services';
import { searchFailureOf } from '@/lib/search/search-failure';

/** A place the lookup settled on, with its OpenStreetMap hours and the restroom already listed there. */
export interface FoundPlace extends PlaceDetails {
  /** The spot tapped on the map, which stays the restroom's position; null for a searched address. */
  spot: LatLng | null;
}

/**
 * Where the lookup stands (docs/product-rules.md#adding-a-restroom). Every way of not finding a place keeps the
 * tapped spot, if there was one, so adding by hand can still start from it.
 */
export type PlaceLookupState =
  | { kind: 'idle' }
  | { kind: 'looking' }
  | { kind: 'found'; found: FoundPlace }
  /** The geocoder knows no place for this address or spot. */
  | { kind: 'not-found'; spot: LatLng | null }
  /** No connection: looking up needs one. */
  | { kind: 'offline'; spot: LatLng | null }
  /** The geocoder or the server failed (a 502 from a provider that is down, say). */
  | { kind: 'failed'; spot: LatLng | null };

export interface PlaceLookup {
  state: PlaceLookupState;
  /** Geocodes typed text and looks up its first result. Resolves with the outcome, or null if a later lookup replaced it. */
  searchAddress: (address: string) => Promise<PlaceLookupState | null>;
  /** Looks up a suggestion the person picked: it already is a place, so only its details are asked for. */
  choosePlace: (place: Place) => Promise<PlaceLookupState | null>;
  /** The address at a spot tapped on the map, keeping the spot as the restroom's position. */
  lookUpSpot: (spot: LatLng) => Promise<PlaceLookupState | null>;
}

type FirstPlace = (api: ApiClient, signal: AbortSignal) => Promise<Place | undefined>;

/** The place with its details; a place the server cannot describe (404) is kept as it is, with unknown hours. */
async function detailsOf(api: ApiClient, place: Place, spot: LatLng | null, signal: AbortSignal): Promise<PlaceLookupState> {
  const details = await api.placeDetails(place.place_id, signal);
  return { kind: 'found', found: { place, hours: null, existing: null, ...details, spot } };
}

function failureOf(error: unknown, spot: LatLng | null): PlaceLookupState {
  const failure = searchFailureOf(error);
  if (failure === 'failed') console.warn('Looking up the place failed', error);
  return { kind: failure, spot };
}

/**
 * Finds the place a new restroom is at. Only the latest lookup counts (docs/product-rules.md#adding-a-restroom:
 * the latest run wins): starting one aborts the one before, whose outcome is then dropped.
 */
export function usePlaceLookup(): PlaceLookup {
  const { api } = useServices();
  const [state, setState] = useState<PlaceLookupState>({ kind: 'idle' });
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async (firstPlace: FirstPlace, spot: LatLng | null): Promise<PlaceLookupState | null> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ kind: 'looking' });
      let outcome: PlaceLookupState;
      try {
        const place = await firstPlace(api, controller.signal);
        outcome = place ? await detailsOf(api, place, spot, controller.signal) : { kind: 'not-found', spot };
      } catch (error) {
        if (controller.signal.aborted) return null;
        outcome = failureOf(error, spot);
      }
      if (controller.signal.aborted) return null;
      setState(outcome);
      return outcome;
    },
    [api],
  );

  return {
    state,
    searchAddress: useCallback((address: string) => run(async (client, signal) => (await client.geocode(address, signal))[0], null), [run]),
    choosePlace: useCallback((place: Place) => run(async () => place, null), [run]),
    lookUpSpot: useCallback((spot: LatLng) => run(async (client, signal) => (await client.reverseGeocode(spot, signal))[0], spot), [run]),
  };
}

import { useState } from 'react';
import type { LatLng, Place } from '@allstall/shared';
import { placeText } from '@/lib/search/address-suggestions';
import { useAddressLookup, type AddressLookup } from '../address-search';
import { useClientConfig } from '@/hooks/use-client-config';
import { useGrantedPosition, type GrantedPosition } from '@/hooks/use-granted-position';
import { useSearchedOrigin, type SearchedOrigin } from './use-searched-origin';

/** Where distances are measured from: an address the person searched, their position, or downtown. */
type OriginSource = 'searched' | 'position' | 'default';

export interface ListOrigin {
  origin: LatLng;
  source: OriginSource;
  searched: SearchedOrigin | null;
  /** The person's own position when known, whatever the origin: directions start there. */
  position: LatLng | null;
  /** Bumped by every choice below, so the search field drops text typed before it. */
  epoch: number;
  location: Pick<GrantedPosition, 'canAsk' | 'asking' | 'problem'>;
  lookup: AddressLookup;
  choosePlace: (place: Place) => void;
  /** Back to the position, or downtown without one. */
  clearSearch: () => void;
  /** 'Use my location': forgets the searched address and follows the position. */
  locateMe: () => void;
}

export function useListOrigin(): ListOrigin {
  const { region } = useClientConfig();
  const { position, canAsk, ask, asking, problem } = useGrantedPosition();
  const [searched, setSearched] = useSearchedOrigin();
  const [epoch, setEpoch] = useState(0);

  const choose = (next: SearchedOrigin | null) => {
    setSearched(next);
    setEpoch((n) => n + 1);
  };
  const fromPlace = (place: Place) =>
    choose({ position: place.geometry.location, label: place.name || place.formatted_address, text: placeText(place) });
  const lookup = useAddressLookup(fromPlace);

  const source: OriginSource = searched ? 'searched' : position ? 'position' : 'default';
  return {
    origin: searched?.position ?? position ?? region.listOrigin,
    source,
    searched,
    position,
    epoch,
    location: { canAsk, asking, problem },
    lookup,
    choosePlace: (place) => {
      lookup.cancel();
      fromPlace(place);
    },
    clearSearch: () => {
      lookup.cancel();
      choose(null);
    },
    locateMe: () => {
      lookup.cancel();
      choose(null);
      ask();
    },
  };
}

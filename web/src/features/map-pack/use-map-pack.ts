import { useSyncExternalStore } from 'react';
import type { MapPack } from '@allstall/shared';
import { useFetchedClientConfig } from '@/hooks/use-client-config';
import { mapPackStoreFor } from './map-pack-device';
import type { MapPackState, MapPackStore } from './map-pack-store';

const NO_STORE: MapPackState = { reading: false, saved: null, download: { status: 'idle' } };
const noSubscription = () => () => undefined;

export interface UsedMapPack {
  /** The deployment's pack, as /api/config last described it. */
  pack: MapPack;
  store: MapPackStore;
  state: MapPackState;
}

/** The offered pack and its state on this device; null without a pack or where packs cannot be saved. */
export function useMapPack(): UsedMapPack | null {
  const pack = useFetchedClientConfig()?.map_pack ?? null;
  const store = pack === null ? null : mapPackStoreFor(pack);
  const state = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getState ?? (() => NO_STORE));
  return pack === null || store === null ? null : { pack, store, state };
}

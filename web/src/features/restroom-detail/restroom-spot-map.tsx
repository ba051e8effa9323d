import { Suspense } from 'react';
import type { Restroom } from '@allstall/shared';
import { useFetchedClientConfig } from '@/hooks/use-client-config';
import { lazyWithRetry } from '@/lib/device/import-with-retry';
import { loadSpotMap } from '../restrooms-map';
import { useT } from '@/lib/i18n/use-t';

// Leaflet stays out of the first screen's code: the small map arrives in its own chunk, and the
// page keeps its box meanwhile. Without its code (an update mid-way, no signal) the page simply
// has no map; everything the map shows is said in words above it.
const SpotMap = lazyWithRetry(() => loadSpotMap(), NoMap, 'spot-map');

function NoMap() {
  return null;
}

/** The restroom's spot on a small map under its address; nothing for a restroom without coordinates. */
export function RestroomSpotMap({ restroom }: { restroom: Pick<Restroom, 'name' | 'latitude' | 'longitude'> }) {
  const t = useT();
  const tiles = useFetchedClientConfig();
  if (restroom.latitude === null || restroom.longitude === null) return null;
  return (
    <Suspense fallback={<div className="restroom-detail__map" aria-hidden="true" />}>
      <SpotMap
        className="restroom-detail__map"
        position={{ lat: restroom.latitude, lng: restroom.longitude }}
        label={t('detail.mapOf', { name: restroom.name })}
        tiles={tiles}
      />
    </Suspense>
  );
}

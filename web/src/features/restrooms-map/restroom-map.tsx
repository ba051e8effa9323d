import { useId } from 'react';
import { MapContainer, ZoomControl } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import '@/styles/map.css';
import { useFetchedClientConfig } from '@/hooks/use-client-config';
import { FALLBACK_CLIENT_CONFIG } from '@/lib/settings/client-config';
import { FitContainer, FollowOrigin, MapName } from './map-view';
import { MapTiles } from './map-tiles';
import { OriginMarker } from './origin-marker';
import { MAP_MAX_ZOOM } from './restroom-clusters';
import { RestroomLayer } from './restroom-layer';
import type { RestroomMapProps } from './restroom-map-props';
// The detail screen's small map comes with this chunk, sharing its Leaflet (spot-map.tsx says why).
export { default as SpotMap } from './spot-map';
import { useT } from '@/lib/i18n/use-t';
import { MapPackOffer } from '../map-pack';

/**
 * The map view of /bathrooms (docs/product-rules.md#map): centred on the origin, one pin per restroom, clustered
 * where they crowd. Its own chunk, with Leaflet and its styles, so the list never waits for it.
 */
export default function RestroomMap({ restrooms, origin, directionsFrom, onAddHere }: RestroomMapProps) {
  const t = useT();
  const fetchedConfig = useFetchedClientConfig();
  const { region } = fetchedConfig ?? FALLBACK_CLIENT_CONFIG;
  const hintId = useId();
  const hasRestrooms = restrooms.length > 0;
  const center = origin?.position ?? region.mapCenter;
  // The configured zoom frames the restrooms; one step out shows more of an empty region (15 and
  // 14 for Minneapolis, docs/product-rules.md#map).
  const zoom = hasRestrooms ? region.mapZoom : Math.max(1, region.mapZoom - 1);

  return (
    // Its height comes from the page's layout (map.css, restroom-list.css): the rest of the screen below the controls.
    <div className="restroom-map">
      <p id={hintId} className="sr-only">
        {t('map.hint')}
      </p>
      {/* Greedy gestures (spec): one finger pans and the scroll wheel zooms, Leaflet's defaults. */}
      <MapContainer
        className="restroom-map__canvas"
        center={[center.lat, center.lng]}
        zoom={zoom}
        maxZoom={MAP_MAX_ZOOM}
        scrollWheelZoom
        closePopupOnClick={false}
        zoomControl={false}
      >
        {/* Bottom right: popups open upwards from their pins and would slide under a top corner's buttons. */}
        <ZoomControl position="bottomright" />
        <MapName name={t('map.name')} describedBy={hintId} />
        <FitContainer />
        <FollowOrigin center={center} zoom={zoom} />
        <MapTiles tiles={fetchedConfig} maxZoom={MAP_MAX_ZOOM} />
        {origin !== null && <OriginMarker origin={origin} />}
        <RestroomLayer restrooms={restrooms} directionsFrom={directionsFrom} timeZone={region.timeZone} units={region.units} onAddHere={onAddHere} />
      </MapContainer>
      <MapPackOffer />
    </div>
  );
}

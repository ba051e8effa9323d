import { useMemo } from 'react';
import { MapContainer, Marker } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import '@/styles/spot-map.css';
import { MapTiles } from './map-tiles';
import { restroomSpotIcon } from './map-icons';
import type { SpotMapProps } from './spot-map-props';

/** Close enough to read the streets around the spot, far enough to see the nearest corner. */
const SPOT_MAP_ZOOM = 17;

/**
 * One restroom's spot on a small map (the detail screen, docs/product-rules.md#restroom-detail): a
 * picture of where it is, not a control. Nothing moves it, so it takes no focus, never traps a
 * finger scrolling the page, and has no keyboard stop but the tiles' credit links. It travels in
 * the main map's chunk (restroom-map.tsx): one copy of Leaflet for both, already on the device for
 * anyone who has seen the map; a chunk of its own would share Leaflet with the main map's through a
 * third file, and that split the first screen's code into more files (1 KB more to download).
 * Offline it draws the tiles kept from earlier views; the others stay blank, and the pin still
 * stands on its spot.
 */
export default function SpotMap({ position, label, tiles, className }: SpotMapProps) {
  const icon = useMemo(() => restroomSpotIcon(), []);
  const center = useMemo(() => [position.lat, position.lng] as [number, number], [position.lat, position.lng]);
  return (
    <figure className={`spot-map ${className ?? ''}`} aria-label={label}>
      <MapContainer
        key={`${position.lat},${position.lng}`}
        className="spot-map__canvas"
        center={center}
        zoom={SPOT_MAP_ZOOM}
        zoomControl={false}
        dragging={false}
        touchZoom={false}
        doubleClickZoom={false}
        scrollWheelZoom={false}
        boxZoom={false}
        keyboard={false}
      >
        <MapTiles tiles={tiles} maxZoom={SPOT_MAP_ZOOM} />
        <Marker position={center} icon={icon} interactive={false} keyboard={false} />
      </MapContainer>
    </figure>
  );
}

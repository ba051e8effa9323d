import { MapContainer, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useClientConfig } from '../../hooks/use-client-config';
import type { RestroomMapProps } from './restroom-map-props';

/** The map view of /bathrooms; loaded lazily so the list never waits for Leaflet. */
export default function RestroomMap({ restrooms, origin }: RestroomMapProps) {
  const { tileUrl, tileAttribution, region } = useClientConfig();
  const center = origin?.position ?? region.mapCenter;
  const hasRestrooms = restrooms.length > 0;
  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={hasRestrooms ? 15 : 14}
      style={{ height: hasRestrooms ? '75vh' : '100vh' }}
      aria-label="Map of restrooms"
    >
      <TileLayer url={tileUrl} attribution={tileAttribution} crossOrigin />
    </MapContainer>
  );
}

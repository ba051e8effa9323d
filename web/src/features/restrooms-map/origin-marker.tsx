import { useMemo } from 'react';
import { Marker } from 'react-leaflet';
import { originIcon } from './map-icons';
import type { MapOrigin } from './restroom-map-props';

/**
 * Where distances are measured from. Not a control (nothing happens on activating it), so it is an
 * image with a name rather than a button; the title gives pointer users the same words.
 */
export function OriginMarker({ origin }: { origin: MapOrigin }) {
  const icon = useMemo(() => originIcon(origin.label), [origin.label]);
  const { lat, lng } = origin.position;
  const position = useMemo(() => [lat, lng] as [number, number], [lat, lng]);
  // Above the restroom pins, so the starting point is never hidden under one.
  return <Marker position={position} icon={icon} keyboard={false} title={origin.label} zIndexOffset={1000} />;
}

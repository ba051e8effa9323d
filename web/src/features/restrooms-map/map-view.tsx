import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { LatLng } from '@allstall/shared';

/**
 * Names the map for screen readers. Leaflet makes its container focusable (arrow keys pan it), so
 * the name goes on that element; a region with a name is also a landmark to jump to.
 */
export function MapName({ name, describedBy }: { name: string; describedBy: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', name);
    container.setAttribute('aria-describedby', describedBy);
  }, [map, name, describedBy]);
  return null;
}

/**
 * Moves the map to a new origin (a new search, or the person's position arriving), or to the spec's
 * zoom when restrooms appear or all are filtered away, without undoing where the person has panned
 * to in the meantime for any other reason.
 */
export function FollowOrigin({ center, zoom }: { center: LatLng; zoom: number }) {
  const map = useMap();
  const shown = useRef(`${center.lat},${center.lng},${zoom}`);
  useEffect(() => {
    const key = `${center.lat},${center.lng},${zoom}`;
    if (shown.current === key) return;
    shown.current = key;
    map.setView([center.lat, center.lng], zoom);
  }, [map, center.lat, center.lng, zoom]);
  return null;
}

/**
 * Leaflet measures its container once, and again only when the window resizes; the map's box also
 * changes with the page around it (a status line appearing above it, the keyboard closing), so every
 * change of the box is measured again.
 */
export function FitContainer() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

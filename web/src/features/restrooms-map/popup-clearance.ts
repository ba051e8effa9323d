import { useMemo } from 'react';
import { useMap } from 'react-leaflet';
import type { Map as LeafletMap, PointTuple } from 'leaflet';

/** The restroom popup's tip points at the top of the 30 px pin, this far above the point it marks. */
export const POPUP_ABOVE_PIN = 22;

/** Breathing room between a popup and the map's edge or a control. */
const GAP = 8;

export interface PopupClearance {
  autoPanPaddingTopLeft: PointTuple;
  autoPanPaddingBottomRight: PointTuple;
}

/**
 * How far from the map's edges Leaflet's autoPan keeps a popup it opens. The zoom buttons and the
 * attribution sit in the bottom-right corner, above the map: a popup must end left of the buttons'
 * column and, with its pin beneath it, above the attribution line, or its buttons end up under
 * them and the pin hidden. Measured, not assumed: Leaflet's touch styles make the buttons larger.
 */
export function popupClearance(map: LeafletMap): PopupClearance {
  const container = map.getContainer();
  const box = container.getBoundingClientRect();
  const zoom = container.querySelector('.leaflet-control-zoom')?.getBoundingClientRect();
  const attribution = container.querySelector('.leaflet-control-attribution')?.getBoundingClientRect();
  const right = zoom === undefined ? 0 : Math.max(0, box.right - zoom.left);
  const bottom = attribution === undefined ? 0 : Math.max(0, box.bottom - attribution.top);
  return {
    autoPanPaddingTopLeft: [GAP, GAP],
    autoPanPaddingBottomRight: [Math.ceil(right) + GAP, Math.ceil(bottom) + POPUP_ABOVE_PIN + GAP],
  };
}

/** Measured when the popup opens (its component mounts then), where the controls are now. */
export function usePopupClearance(): PopupClearance {
  const map = useMap();
  return useMemo(() => popupClearance(map), [map]);
}

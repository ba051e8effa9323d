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

/** Room for the popup's tip (Leaflet draws it below the content) and its edges. */
const POPUP_TIP = 24;

/** What the page floats over the map (the phone's search and buttons, the origin pill) marks itself so. */
const MAP_OVERLAY_ATTRIBUTE = 'data-map-overlay';

/**
 * How far from the map's edges Leaflet's autoPan keeps a popup it opens. The zoom buttons and the
 * attribution sit in the bottom-right corner, above the map: a popup must end left of the buttons'
 * column and, with its pin beneath it, above the attribution line, or its buttons end up under
 * them and the pin hidden. On a phone the page's search and buttons float over the map's top and
 * the origin line over its foot: a popup opens between them. Measured, not assumed: Leaflet's
 * touch styles make the buttons larger, and the floating controls grow with a filter chip or a message.
 *
 * Also sets how tall the restroom card may grow (`--map-popup-max-height`, map.css): 70% of the
 * map, and never more than the room left between what floats over it.
 */
function popupClearance(map: LeafletMap): PopupClearance {
  const container = map.getContainer();
  const box = container.getBoundingClientRect();
  const zoom = container.querySelector('.leaflet-control-zoom')?.getBoundingClientRect();
  const attribution = container.querySelector('.leaflet-control-attribution')?.getBoundingClientRect();
  const right = zoom === undefined ? 0 : Math.max(0, box.right - zoom.left);
  let top = 0;
  let bottom = attribution === undefined ? 0 : Math.max(0, box.bottom - attribution.top);
  for (const overlay of document.querySelectorAll(`[${MAP_OVERLAY_ATTRIBUTE}]`)) {
    const edge = overlay.getBoundingClientRect();
    const over = edge.width > 0 && edge.height > 0 && edge.bottom > box.top && edge.top < box.bottom && edge.right > box.left && edge.left < box.right;
    if (!over) continue;
    if (edge.top + edge.bottom < box.top + box.bottom) top = Math.max(top, edge.bottom - box.top);
    else bottom = Math.max(bottom, box.bottom - edge.top);
  }
  const paddingTop = Math.ceil(top) + GAP;
  const paddingBottom = Math.ceil(bottom) + POPUP_ABOVE_PIN + GAP;
  const room = Math.floor(Math.min(box.height * 0.7, box.height - paddingTop - paddingBottom - POPUP_TIP));
  // At least a name and the pinned buttons: on a very short map, a scrolling card beats a clipped one.
  container.style.setProperty('--map-popup-max-height', `${Math.max(room, 160)}px`);
  return {
    autoPanPaddingTopLeft: [GAP, paddingTop],
    autoPanPaddingBottomRight: [Math.ceil(right) + GAP, paddingBottom],
  };
}

/** Measured when the popup opens (its component mounts then), where the controls are now. */
export function usePopupClearance(): PopupClearance {
  const map = useMap();
  return useMemo(() => popupClearance(map), [map]);
}

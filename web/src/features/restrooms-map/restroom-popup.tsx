import { memo, useEffect, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { LeafletEvent, Popup as LeafletPopup } from 'leaflet';
import { Popup, useMap } from 'react-leaflet';
import type { DistanceUnits, LatLng } from '@allstall/shared';
import { RestroomCard } from '@/components/restroom-card';
import { MAP_KEY_ATTRIBUTE } from './map-icons';
import { POPUP_ABOVE_PIN, usePopupClearance } from './popup-clearance';
import type { PlacedRestroom } from './restroom-clusters';

interface RestroomPopupProps {
  restroom: PlacedRestroom;
  directionsFrom: LatLng | null;
  timeZone: string;
  units: DistanceUnits;
  /** Leaflet closed the popup (its close button, Escape, a tap elsewhere on the map). */
  onClosed: () => void;
}

/** The tip of the popup points at the top of the pin rather than at its foot. */
const ABOVE_PIN: [number, number] = [0, -POPUP_ABOVE_PIN];

/**
 * The marker's info window: the restroom card in its map layout, rendered by React into Leaflet's
 * popup (react-leaflet portals the children) so its links go through the router. Focus moves into
 * it on opening and back to the marker on closing, as with any dialog.
 *
 * Memoised: react-leaflet re-lays the popup out, and pans the map back to it, whenever its children
 * render again, so a popup that re-rendered on every map move would pin the map in place.
 */
export const RestroomPopup = memo(function RestroomPopup({ restroom, directionsFrom, timeZone, units, onClosed }: RestroomPopupProps) {
  const map = useMap();
  const contentRef = useRef<HTMLDivElement>(null);
  const clearance = usePopupClearance();
  const position = useMemo(() => [restroom.latitude, restroom.longitude] as [number, number], [restroom.latitude, restroom.longitude]);

  const eventHandlers = useMemo(
    () => ({
      remove: (event: LeafletEvent) => {
        const active = document.activeElement;
        // Without fade animation Leaflet has already taken the popup out of the page, and the focus
        // inside it with it; with it, the popup (and its close button) stays a moment longer.
        const popup = (event.target as LeafletPopup).getElement();
        const focusWasInside = active === null || active === document.body || popup?.contains(active) === true;
        onClosed();
        if (!focusWasInside) return;
        const container = map.getContainer();
        const marker = container.querySelector<HTMLElement>(`[${MAP_KEY_ATTRIBUTE}="${restroom.id}"]`);
        // The marker may have joined a cluster since; the map itself is the next best place.
        (marker ?? container).focus({ preventScroll: true });
      },
    }),
    [map, onClosed, restroom.id],
  );

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    map.closePopup();
  };

  return (
    <Popup
      position={position}
      eventHandlers={eventHandlers}
      offset={ABOVE_PIN}
      className="map-popup map-popup--restroom"
      minWidth={280}
      maxWidth={320}
      {...clearance}
    >
      <FocusOnOpen targetRef={contentRef} />
      <div ref={contentRef} role="dialog" aria-label={restroom.name} tabIndex={-1} onKeyDown={closeOnEscape} className="map-popup__content">
        <RestroomCard restroom={restroom} directionsFrom={directionsFrom} timeZone={timeZone} units={units} layout="map" />
      </div>
    </Popup>
  );
});

/** Rendered only once Leaflet has put the popup on the page, so the target exists and is visible. */
function FocusOnOpen({ targetRef }: { targetRef: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    // Scrolling the map pane to reach the popup would break Leaflet's layout; it pans the map itself.
    targetRef.current?.focus({ preventScroll: true });
  }, [targetRef]);
  return null;
}

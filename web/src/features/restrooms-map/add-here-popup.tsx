import { memo, useMemo } from 'react';
import { Popup, useMap } from 'react-leaflet';
import type { LatLng } from '@allstall/shared';
import { usePopupClearance } from './popup-clearance';
import { useT } from '@/lib/i18n/use-t';

interface AddHerePopupProps {
  spot: LatLng;
  onAddHere: (spot: LatLng) => void;
  onClosed: () => void;
}

/** A tap on an empty part of the map offers to add a restroom at that spot. Memoised as RestroomPopup is. */
export const AddHerePopup = memo(function AddHerePopup({ spot, onAddHere, onClosed }: AddHerePopupProps) {
  const t = useT();
  const map = useMap();
  const position = useMemo(() => [spot.lat, spot.lng] as [number, number], [spot.lat, spot.lng]);
  const eventHandlers = useMemo(() => ({ remove: onClosed }), [onClosed]);
  const clearance = usePopupClearance();
  return (
    <Popup position={position} eventHandlers={eventHandlers} className="map-popup map-popup--add" {...clearance}>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => {
          map.closePopup();
          onAddHere(spot);
        }}
      >
        {t('map.addHere')}
      </button>
    </Popup>
  );
});

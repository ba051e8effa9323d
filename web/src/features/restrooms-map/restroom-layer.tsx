import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import type { LeafletKeyboardEvent, Map as LeafletMap } from 'leaflet';
import type { DistanceUnits, LatLng } from '@allstall/shared';
import type { PlacedRestrooms } from '@/lib/restrooms/placed-restrooms';
import { AddHerePopup } from './add-here-popup';
import { clusterIcon, restroomIcon } from './map-icons';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';
import {
  clusterCrowdedAbove,
  clusterIsCrowded,
  restroomClustersOf,
  type ClusterCell,
  type MapBounds,
  type PlacedRestroom,
} from './restroom-clusters';
import { RestroomPopup } from './restroom-popup';

interface RestroomLayerProps {
  restrooms: PlacedRestrooms;
  directionsFrom: LatLng | null;
  timeZone: string;
  units: DistanceUnits;
  onAddHere: ((spot: LatLng) => void) | undefined;
}

type OpenPopup = { kind: 'restroom'; id: string } | { kind: 'spot'; spot: LatLng };

interface MapArea {
  bounds: MapBounds;
  zoom: number;
}

/** A margin around the visible area, so pins just off screen are already there when the map pans. */
function mapArea(map: LeafletMap): MapArea {
  const bounds = map.getBounds().pad(0.2);
  return { bounds: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom: map.getZoom() };
}

const sameArea = (a: MapArea, b: MapArea) => a.zoom === b.zoom && a.bounds.every((edge, at) => edge === b.bounds[at]);

/** Every way the visible area changes: a pan or zoom ending, a jump, the container changing size. */
// i18n-exempt: Leaflet event names
const AREA_EVENTS = 'moveend zoomend viewreset resize';

/**
 * The area to draw pins for, following every move of the map, the app's own included.
 *
 * Subscribed once for the layer's life. useMapEvents re-subscribes after every render (its handlers
 * object is new each time), and React runs all effect clean-ups of a commit before any effect set-up:
 * when a new search re-renders this layer in the same commit in which FollowOrigin moves the map, the
 * layer is between its off and its on, and a jump without animation (any move further than a
 * screen) fires moveend inside setView, unheard. Reading the map on subscribing also catches what
 * moved it before this effect ran: siblings' effects (FitContainer, FollowOrigin) run first.
 */
function useMapArea(map: LeafletMap): MapArea {
  const [area, setArea] = useState(() => mapArea(map));
  useEffect(() => {
    const follow = () =>
      setArea((shown) => {
        const now = mapArea(map);
        return sameArea(shown, now) ? shown : now;
      });
    follow();
    map.on(AREA_EVENTS, follow);
    return () => {
      map.off(AREA_EVENTS, follow);
    };
  }, [map]);
  return area;
}

/** Enter and Space act on a marker as on any button (Leaflet itself only knows Enter, for its own popups). */
function activates(event: LeafletKeyboardEvent): boolean {
  const { key } = event.originalEvent;
  if (key !== 'Enter' && key !== ' ') return false;
  event.originalEvent.preventDefault();
  return true;
}

/**
 * The restroom markers and clusters for the visible area, and the one popup open at a time. Clusters
 * come from the list's position columns; a restroom is expanded only when its own pin or its popup
 * is drawn (docs/product-rules.md#map).
 */
export function RestroomLayer({ restrooms, directionsFrom, timeZone, units, onAddHere }: RestroomLayerProps) {
  const map = useMap();
  const columns = restrooms.placed();
  const clusters = useMemo(() => restroomClustersOf(columns), [columns]);
  const area = useMapArea(map);
  const [open, setOpen] = useState<OpenPopup | null>(null);

  // Looked up in what is shown now: a restroom the filters have just removed takes its popup with it.
  const openedId = open?.kind === 'restroom' ? open.id : null;
  const openedRestroom = useMemo(() => (openedId === null ? undefined : restrooms.placedWithId(openedId)), [restrooms, openedId]);

  // Re-subscribed after each render, which a click (always the person's) can afford.
  useMapEvents({
    click: (event) => {
      // Leaflet is told not to close popups on a map tap (closePopupOnClick), so one tap closes
      // what is open and only a tap on a quiet map offers to add a restroom there.
      if (openedRestroom !== undefined || open?.kind === 'spot') {
        setOpen(null);
        map.closePopup();
        return;
      }
      // The second click of a double-click zooms; it should not also offer to add a restroom.
      if (onAddHere === undefined || event.originalEvent.detail > 1) return;
      setOpen({ kind: 'spot', spot: { lat: event.latlng.lat, lng: event.latlng.lng } });
    },
  });

  const items = useMemo(() => clusters.itemsIn(area.bounds, area.zoom), [clusters, area]);
  const crowdedAbove = clusterCrowdedAbove(items.flatMap((item) => (item.kind === 'cluster' ? [item.count] : [])));

  const openRestroom = useCallback((id: string) => setOpen({ kind: 'restroom', id }), []);
  const closePopup = useCallback(() => setOpen(null), []);
  const expandCluster = useCallback(
    (cell: ClusterCell, position: LatLng, fromKeyboard: boolean) => {
      // An open popup would pull the map back to itself as the view changes.
      map.closePopup();
      // The cluster is gone once the map has zoomed; focus waits on the map, just before the pins it
      // split into. Listening first: a jump without animation ends before setView returns.
      if (fromKeyboard) map.once('moveend', () => map.getContainer().focus({ preventScroll: true }));
      map.setView([position.lat, position.lng], clusters.expansionZoom(cell));
    },
    [map, clusters],
  );

  return (
    <>
      {items.map((item) => {
        if (item.kind === 'restroom') {
          const restroom = restrooms.placedRestroom(item.at);
          // A cold start draws this pin once its row is read, a moment later.
          if (restroom === undefined) return null;
          return <RestroomPin key={restroom.id} restroom={restroom} units={units} onOpen={openRestroom} />;
        }
        return (
          <ClusterPin
            key={`cluster-${item.key}`}
            zoom={item.cell.zoom}
            column={item.cell.column}
            row={item.cell.row}
            count={item.count}
            position={item.position}
            crowded={clusterIsCrowded(item.count, crowdedAbove)}
            onExpand={expandCluster}
          />
        );
      })}
      {openedRestroom !== undefined && (
        <RestroomPopup
          key={openedRestroom.id}
          restroom={openedRestroom}
          directionsFrom={directionsFrom}
          timeZone={timeZone}
          units={units}
          onClosed={closePopup}
        />
      )}
      {open?.kind === 'spot' && onAddHere !== undefined && (
        <AddHerePopup spot={open.spot} onAddHere={onAddHere} onClosed={closePopup} />
      )}
    </>
  );
}

const RestroomPin = memo(function RestroomPin({
  restroom,
  units,
  onOpen,
}: {
  restroom: PlacedRestroom;
  units: DistanceUnits;
  onOpen: (id: string) => void;
}) {
  // The icon's name is in the active language: a new language draws it again.
  const locale = useIntlLocale();
  const icon = useMemo(() => restroomIcon(restroom, units, locale), [restroom, units, locale]);
  const position = useMemo(() => [restroom.latitude, restroom.longitude] as [number, number], [restroom.latitude, restroom.longitude]);
  const eventHandlers = useMemo(
    () => ({
      click: () => onOpen(restroom.id),
      keydown: (event: LeafletKeyboardEvent) => {
        if (activates(event)) onOpen(restroom.id);
      },
    }),
    [onOpen, restroom.id],
  );
  return <Marker position={position} icon={icon} keyboard eventHandlers={eventHandlers} />;
});

interface ClusterPinProps extends ClusterCell {
  count: number;
  position: LatLng;
  crowded: boolean;
  onExpand: (cell: ClusterCell, position: LatLng, fromKeyboard: boolean) => void;
}

const ClusterPin = memo(function ClusterPin({ zoom, column, row, count, position, crowded, onExpand }: ClusterPinProps) {
  const t = useT();
  const icon = useMemo(() => clusterIcon(count, crowded, t), [count, crowded, t]);
  const { lat, lng } = position;
  const at = useMemo(() => [lat, lng] as [number, number], [lat, lng]);
  const eventHandlers = useMemo(
    () => ({
      click: () => onExpand({ zoom, column, row }, { lat, lng }, false),
      keydown: (event: LeafletKeyboardEvent) => {
        if (activates(event)) onExpand({ zoom, column, row }, { lat, lng }, true);
      },
    }),
    [onExpand, zoom, column, row, lat, lng],
  );
  return <Marker position={at} icon={icon} keyboard eventHandlers={eventHandlers} />;
});

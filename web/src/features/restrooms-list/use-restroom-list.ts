import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LatLng } from '@allstall/shared';
import { useServices } from '../../lib/services';
import { orderRestrooms, type ListedRestroom } from './order-restrooms';

/** Every visible restroom in the mirror, nearest to `origin` first; undefined while IndexedDB answers. */
export function useRestroomList(origin: LatLng): ListedRestroom[] | undefined {
  const { db } = useServices();
  const rows = useLiveQuery(() => db.restrooms.toArray(), [db]);
  // Keyed on the coordinates, not the object: a new object for the same spot must not re-sort 600 rows.
  const { lat, lng } = origin;
  return useMemo(() => (rows ? orderRestrooms(rows, { lat, lng }) : undefined), [rows, lat, lng]);
}

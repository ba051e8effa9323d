import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LatLng } from '@allstall/shared';
import { useServices } from '../../lib/services';
import { orderRestrooms, type ListedRestroom } from './order-restrooms';

/** Every visible restroom in the mirror, nearest to `origin` first; undefined while IndexedDB answers. */
export function useRestroomList(origin: LatLng): ListedRestroom[] | undefined {
  const { db } = useServices();
  const rows = useLiveQuery(() => db.restrooms.toArray(), [db]);
  return useMemo(() => (rows ? orderRestrooms(rows, origin) : undefined), [rows, origin.lat, origin.lng]);
}

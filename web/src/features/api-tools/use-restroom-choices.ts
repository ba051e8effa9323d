import { useLiveQuery } from 'dexie-react-hooks';
import { useServices } from '../../lib/services';

export interface RestroomChoice {
  id: string;
  name: string;
}

/**
 * The restrooms on this device in id order (UUIDv7 ids sort by when each was added), for picking
 * the ends of an id range by name. Pending and removed restrooms between two picked ones are in
 * the range too: the server counts every restroom whose id lies between.
 */
export function useRestroomChoices(): RestroomChoice[] {
  const { db } = useServices();
  return useLiveQuery(
    async () => (await db.restrooms.orderBy('id').toArray()).map(({ id, name }) => ({ id: id.toLowerCase(), name })),
    [db],
    [],
  );
}

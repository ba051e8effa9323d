import { useLiveQuery } from 'dexie-react-hooks';
import { metaGet } from '../../lib/db';
import { useServices } from '../../lib/services';
import { myRestroomsOf, type MyRestroom, type RestroomRow } from './my-restrooms';

/** The restrooms this person added, as far as this device knows: queued, waiting for review, or decided. */
export function useMyRestrooms(userId: string): MyRestroom[] | undefined {
  const { db } = useServices();
  return useLiveQuery(async () => {
    const [known, rows] = await Promise.all([metaGet(db, 'myRestrooms'), db.outbox.toArray()]);
    const queued = rows.filter((row): row is RestroomRow => row.kind === 'restroom' && row.userId === userId);
    const stored = known?.userId === userId ? known.restrooms : [];
    const mirrored = await db.restrooms.bulkGet(stored.map((restroom) => restroom.id));
    const mirror = new Map(mirrored.flatMap((restroom) => (restroom ? [[restroom.id, restroom] as const] : [])));
    return myRestroomsOf(queued, stored, mirror);
  }, [db, userId]);
}

import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMirror } from '@/hooks/use-mirror';
import { metaGet } from '@/lib/db/db';
import { deviceIsOffline } from '@/lib/device/device-offline';
import { useServices } from '@/lib/services';
import { myRestroomsOf, type MyRestroom, type RestroomRow } from './my-restrooms';
import { refreshMyRestrooms } from './refresh-my-restrooms';

/**
 * The restrooms this person added, as far as this device knows: queued, waiting for review, or
 * decided. Online, the server's list is fetched too (on opening, and when the connection returns),
 * and the live query follows it.
 */
export function useMyRestrooms(userId: string): MyRestroom[] | undefined {
  const { db, api } = useServices();

  useEffect(() => {
    const refresh = () => void refreshMyRestrooms(db, api, userId);
    if (!deviceIsOffline()) refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [db, api, userId]);

  const view = useMirror();
  return useLiveQuery(async () => {
    if (!view) return undefined;
    const [known, rows] = await Promise.all([metaGet(db, 'myRestrooms'), db.outbox.toArray()]);
    const queued = rows.filter((row): row is RestroomRow => row.kind === 'restroom' && row.userId === userId);
    const stored = known?.userId === userId ? known.restrooms : [];
    const mirror = new Map(stored.flatMap((restroom) => {
      const mirrored = view.get(restroom.id);
      return mirrored ? [[restroom.id, mirrored] as const] : [];
    }));
    return myRestroomsOf(queued, stored, mirror);
  }, [db, userId, view]);
}

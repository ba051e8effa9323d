import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LatLng } from '@allstall/shared';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useOutboxRows } from '../../hooks/use-outbox-rows';
import { useStandingVotes } from '../../hooks/use-standing-votes';
import { queuedVotes, withQueuedVote } from '../../lib/queued-writes';
import { useServices } from '../../lib/services';
import { nearestList, type NearestList } from './nearest-list';

/**
 * Every visible restroom in the mirror, nearest to `origin` first, with thumbs still in the outbox
 * already counted; undefined while IndexedDB answers. Rows are measured and copied only as a page
 * asks for them.
 */
export function useRestroomList(origin: LatLng): NearestList | undefined {
  const { db } = useServices();
  const rows = useLiveQuery(() => db.restrooms.toArray(), [db]);
  const outbox = useOutboxRows();
  const { user } = useCurrentUser();
  const standing = useStandingVotes(user?.id);
  // Keyed on the coordinates, not the object: a new object for the same spot must not start a new list.
  const { lat, lng } = origin;
  return useMemo(() => {
    if (!rows) return undefined;
    const votes = queuedVotes(outbox ?? []);
    if (votes.size === 0) return nearestList(rows, { lat, lng });
    return nearestList(rows, { lat, lng }, (restroom) => withQueuedVote(restroom, votes.get(restroom.id), standing[restroom.id]));
  }, [rows, lat, lng, outbox, standing]);
}

import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LatLng } from '@allstall/shared';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useOutboxRows } from '../../hooks/use-outbox-rows';
import { useStandingVotes } from '../../hooks/use-standing-votes';
import { queuedVotes, withQueuedVote } from '../../lib/queued-writes';
import { useServices } from '../../lib/services';
import { orderRestrooms, type ListedRestroom } from './order-restrooms';

/**
 * Every visible restroom in the mirror, nearest to `origin` first, with thumbs still in the outbox
 * already counted; undefined while IndexedDB answers.
 */
export function useRestroomList(origin: LatLng): ListedRestroom[] | undefined {
  const { db } = useServices();
  const rows = useLiveQuery(() => db.restrooms.toArray(), [db]);
  const outbox = useOutboxRows();
  const { user } = useCurrentUser();
  const standing = useStandingVotes(user?.id);
  // Keyed on the coordinates, not the object: a new object for the same spot must not re-sort 600 rows.
  const { lat, lng } = origin;
  const ordered = useMemo(() => (rows ? orderRestrooms(rows, { lat, lng }) : undefined), [rows, lat, lng]);
  // Applied after sorting, and only to the few restrooms with a queued thumb: the other cards keep
  // their objects and so skip re-rendering.
  return useMemo(() => {
    if (!ordered) return undefined;
    const votes = queuedVotes(outbox ?? []);
    if (votes.size === 0) return ordered;
    return ordered.map((restroom) => withQueuedVote(restroom, votes.get(restroom.id), standing[restroom.id]));
  }, [ordered, outbox, standing]);
}

import { useMemo } from 'react';
import type { LatLng } from '@allstall/shared';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useFirstScreenMirror } from '@/hooks/use-mirror';
import { useOutboxRows } from '@/hooks/use-outbox-rows';
import { useStandingVotes } from '@/hooks/use-standing-votes';
import { queuedVotes, withQueuedVote } from '@/lib/outbox/queued-writes';
import { nearestList, type NearestList } from './nearest-list';

/**
 * Every visible restroom in the mirror, nearest to `origin` first, with thumbs still in the outbox
 * already counted; undefined until the mirror is read. Rows are measured and expanded only as a
 * page asks for them; a new mirror version (a sync applied a batch) gives a new list.
 */
export function useRestroomList(origin: LatLng): NearestList | undefined {
  const rows = useFirstScreenMirror();
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

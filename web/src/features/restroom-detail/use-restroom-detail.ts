import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { restroomIsPublic, type Comment, type Restroom } from '@allstall/shared';
import { deviceIsOffline } from '../../lib/device-offline';
import { useServices } from '../../lib/services';
import { refreshRestroomDetail } from './refresh-restroom-detail';

export type RestroomDetailState =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'found'; restroom: Restroom; comments: Comment[] };

/**
 * One restroom and its comments from the mirror, so the screen works offline; when online, a fresh
 * copy is fetched into the mirror and the screen follows through the live query.
 */
export function useRestroomDetail(id: string): RestroomDetailState {
  const { db, api } = useServices();

  const state = useLiveQuery(async (): Promise<RestroomDetailState> => {
    const restroom = await db.restrooms.get(id);
    if (!restroom || !restroomIsPublic(restroom)) return { kind: 'missing' };
    const comments = await db.comments.where('restroom_id').equals(id).toArray();
    comments.sort((a, b) => b.inserted_at.localeCompare(a.inserted_at));
    return { kind: 'found', restroom, comments };
  }, [db, id]);

  useEffect(() => {
    if (deviceIsOffline()) return;
    void refreshRestroomDetail(db, api, id);
  }, [db, api, id]);

  return state ?? { kind: 'loading' };
}

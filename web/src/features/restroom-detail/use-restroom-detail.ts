import { useEffect, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { restroomIsPublic, type Comment, type Restroom } from '@allstall/shared';
import { useMirror } from '../../hooks/use-mirror';
import { deviceIsOffline } from '../../lib/device-offline';
import { useServices } from '../../lib/services';
import { refreshRestroomDetail } from './refresh-restroom-detail';

export type RestroomDetailState =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'found'; restroom: Restroom; comments: Comment[] };

/**
 * One restroom from the mirror and its comments from IndexedDB, so the screen works offline; when
 * online, a fresh copy is fetched into the mirror and the screen follows it.
 */
export function useRestroomDetail(id: string): RestroomDetailState {
  const { db, api, writer } = useServices();
  const view = useMirror();
  // Expanded once per mirror version, not per render.
  const restroom = useMemo(() => view?.get(id), [view, id]);

  const comments = useLiveQuery(async () => {
    const rows = await db.comments.where('restroom_id').equals(id).toArray();
    return rows.sort((a, b) => b.inserted_at.localeCompare(a.inserted_at));
  }, [db, id]);

  useEffect(() => {
    if (deviceIsOffline()) return;
    void refreshRestroomDetail(writer, api, id);
  }, [writer, api, id]);

  if (!view) return { kind: 'loading' };
  if (!restroom || !restroomIsPublic(restroom)) return { kind: 'missing' };
  if (!comments) return { kind: 'loading' };
  return { kind: 'found', restroom, comments };
}

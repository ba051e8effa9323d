import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { restroomIsPublic, type Comment, type Restroom } from '@allstall/shared';
import { useMirror } from '@/hooks/use-mirror';
import { deviceIsOffline } from '@/lib/device/device-offline';
import { useServices } from '@/lib/services';
import { refreshRestroomDetail, type RestroomDetailAnswer } from './refresh-restroom-detail';

/** What the api has said so far of the restroom on screen: still asking, or its answer. */
type ServerWord = 'asking' | RestroomDetailAnswer['kind'];

export type RestroomDetailState =
  | { kind: 'loading' }
  | { kind: 'missing'; server: ServerWord }
  | { kind: 'found'; restroom: Restroom; comments: Comment[] };

/**
 * One restroom from the mirror and its comments from IndexedDB, so the screen works offline; when
 * online, a fresh copy is fetched into the mirror and the screen follows it. Until the mirror holds
 * the restroom (a shared link opened on a phone that never had the app, during its first sync) the
 * api's answer is shown instead, as soon as it arrives.
 */
export function useRestroomDetail(id: string): RestroomDetailState {
  const { api, writer } = useServices();
  const view = useMirror();
  // Expanded once per mirror version, not per render.
  const restroom = useMemo(() => view?.get(id), [view, id]);
  const [answer, setAnswer] = useState<{ id: string; answer: RestroomDetailAnswer } | null>(null);

  const comments = useLiveQuery(async () => {
    const rows = await writer.restroomComments(id);
    return rows.sort((a, b) => b.inserted_at.localeCompare(a.inserted_at));
  }, [writer, id]);

  useEffect(() => {
    let current = true;
    const asked: Promise<RestroomDetailAnswer> = deviceIsOffline() ? Promise.resolve({ kind: 'failed' }) : refreshRestroomDetail(writer, api, id);
    void asked.then((fetched) => {
      if (current) setAnswer({ id, answer: fetched });
    });
    return () => {
      current = false;
    };
  }, [writer, api, id]);

  const server = answer?.id === id ? answer.answer : null;
  if (restroom && restroomIsPublic(restroom) && comments) return { kind: 'found', restroom, comments };
  // Once the mirror holds the restroom its copy is the one shown, as everywhere else in the app
  // (newer than the answer, or the answer itself): the answer only stands in while it does not.
  if (!restroom && server?.kind === 'found' && restroomIsPublic(server.restroom)) {
    return { kind: 'found', restroom: server.restroom, comments: server.comments };
  }
  if (!view) return { kind: 'loading' };
  if (!restroom || !restroomIsPublic(restroom)) return { kind: 'missing', server: server?.kind ?? 'asking' };
  return { kind: 'loading' };
}

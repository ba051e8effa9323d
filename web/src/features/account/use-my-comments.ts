import { useLiveQuery } from 'dexie-react-hooks';
import type { Comment } from '@allstall/shared';
import { useServices } from '../../lib/services';

export type MyComment = Comment & { restroomName: string | null };

/** The person's comments from the mirror, newest first, each with the name of the restroom it is about. */
export function useMyComments(userId: string): MyComment[] | undefined {
  const { db } = useServices();
  return useLiveQuery(async () => {
    const comments = await db.comments.where('user_id').equals(userId).toArray();
    const restrooms = await db.restrooms.bulkGet([...new Set(comments.map((c) => c.restroom_id))]);
    const names = new Map(restrooms.flatMap((r) => (r ? [[r.id, r.name] as const] : [])));
    return comments
      .map((comment) => ({ ...comment, restroomName: names.get(comment.restroom_id) ?? null }))
      .sort((a, b) => b.inserted_at.localeCompare(a.inserted_at));
  }, [db, userId]);
}

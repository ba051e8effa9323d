import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '@allstall/shared';
import { metaGet } from '../lib/db/db';
import { useServices } from '../lib/services';

export interface CurrentUser {
  user: User | null;
  /** False only for the moment before IndexedDB has answered: guards wait instead of flashing the login screen. */
  known: boolean;
}

export function useCurrentUser(): CurrentUser {
  const { db } = useServices();
  const result = useLiveQuery(async () => ({ user: (await metaGet(db, 'user')) ?? null }), [db]);
  return result ? { user: result.user, known: true } : { user: null, known: false };
}

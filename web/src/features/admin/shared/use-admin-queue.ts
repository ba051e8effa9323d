import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TSchema } from 'typebox';
import { useCurrentUser } from '@/hooks/use-current-user';
import { NetworkError } from '@/lib/api/api-client';
import { useServices } from '@/lib/services';

/**
 * - loading: nothing kept on this device yet, and the first load is on its way;
 * - fresh: the server's latest answer is shown;
 * - offline: the server cannot be reached; the copy kept on the device is shown (if any);
 * - error: the server refused or answered oddly.
 */
export type AdminQueueState = 'loading' | 'fresh' | 'offline' | 'error';

interface Outcome {
  path: string;
  state: AdminQueueState;
}

export interface AdminQueue<T> {
  /** The last loaded rows (kept on the device), or undefined while there are none yet. */
  rows: T[] | undefined;
  /** When `rows` were loaded from the server, epoch ms. */
  fetchedAt: number | null;
  state: AdminQueueState;
  /** Loads the list again, e.g. after a decision was sent or with 'Load all bathrooms'. */
  refresh: () => Promise<void>;
}

/**
 * One admin list, read from the copy kept on the device and refreshed from `path` when online, so
 * a moderation queue opened on the bus keeps working when the signal drops. `name` is the list's
 * key on the device; `path` may change (a filter), replacing what is kept under that name.
 */
export function useAdminQueue<T>(name: string, schema: TSchema, path: string): AdminQueue<T> {
  const { db, api, clock } = useServices();
  const { user } = useCurrentUser();
  const userId = user?.is_admin ? user.id : null;
  const kept = useLiveQuery(() => db.adminQueues.get(name), [db, name]);
  // The outcome of the last load, for the path it was for: a new path is 'loading' until it answers.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reloading, setReloading] = useState(false);

  /** Asks the server and keeps its answer on the device; resolves with how that went. */
  const fetchList = useCallback(async (): Promise<Outcome | null> => {
    if (userId === null) return null;
    try {
      const rows = await api.getJson<T[]>(schema, path);
      await db.adminQueues.put({ name, userId, rows, fetchedAt: clock.now() });
      return { path, state: 'fresh' };
    } catch (error) {
      // Whatever else went wrong, the screen says the spec's 'Oh no!' (AdminListStatus).
      return { path, state: error instanceof NetworkError ? 'offline' : 'error' };
    }
  }, [api, clock, db, name, path, schema, userId]);

  const refresh = useCallback(async () => {
    setReloading(true);
    try {
      setOutcome(await fetchList());
    } finally {
      setReloading(false);
    }
  }, [fetchList]);

  useEffect(() => {
    let live = true;
    const load = () => void fetchList().then((result) => live && setOutcome(result));
    load();
    // Back online: the kept copy may be stale, and decisions sent meanwhile changed the list.
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, [fetchList]);

  const state: AdminQueueState = reloading || outcome?.path !== path ? 'loading' : outcome.state;
  const mine = kept !== undefined && kept.userId === userId;
  return {
    rows: mine ? (kept.rows as T[]) : undefined,
    fetchedAt: mine ? kept.fetchedAt : null,
    state,
    refresh,
  };
}

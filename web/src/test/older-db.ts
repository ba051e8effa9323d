import Dexie from 'dexie';

/**
 * The device database as the app of an earlier `version` declared it (lib/db/db.ts keeps the history),
 * for the upgrade tests to fill before today's `createDb` opens it.
 */
export function olderDatabase(name: string, version: 2 | 3 | 4 | 5 | 6): Dexie {
  const old = new Dexie(name);
  old.version(1).stores({ restrooms: 'id, updated_at', comments: 'id, restroom_id, user_id', meta: 'key', outbox: 'id, status, nextAttemptAt' });
  old.version(2).stores({ adminQueues: 'name' });
  if (version >= 3) old.version(3).stores({ restroomBuckets: 'bucket', restrooms: null });
  if (version >= 4) old.version(4).stores({});
  if (version >= 5) old.version(5).stores({ restroomIndex: 'key' });
  if (version >= 6) old.version(6).stores({});
  return old;
}

import type { Credentials, User } from '@allstall/shared';
import { HttpError, NetworkError, type ApiClient } from '../api/api-client';
import { forgetSignedInPerson, metaGet, rememberUser, type AllstallDb } from '../db/db';
import type { MirrorWriter } from '../sync/mirror-writer';
import { dropEveryStashedDraft } from './draft-stash';

/**
 * Who is signed in. The session cookie is HttpOnly, so the server is asked (GET /api/user) and the
 * answer is kept in Dexie: an offline start still knows the person, a 401 forgets them.
 */
export interface SessionService {
  refresh(): Promise<void>;
  login(credentials: Credentials): Promise<User>;
  register(credentials: Credentials): Promise<User>;
  /**
   * Signs out on the server and removes the person's own data from the device (docs/offline-data.md#logging-out):
   * who they are, their votes, restrooms and confirmations as seen from here, the admin lists they
   * loaded, their comments in the stored ones and their stashed drafts. The restrooms stay: they are
   * nobody's. Queued writes are the caller's to send, keep or discard first.
   */
  logout(): Promise<void>;
}

export function createSessionService({ db, api, writer }: { db: AllstallDb; api: ApiClient; writer: Pick<MirrorWriter, 'forgetCommentsBy'> }): SessionService {
  return {
    async refresh() {
      let user: User | null;
      try {
        user = await api.currentUser();
      } catch (error) {
        // Offline, a server hiccup or an odd answer: the remembered person stays signed in on this device.
        if (!(error instanceof NetworkError) && !(error instanceof HttpError)) console.warn('Could not check the session', error);
        return;
      }
      await rememberUser(db, user);
    },
    async login(credentials) {
      const user = await api.login(credentials);
      await rememberUser(db, user);
      return user;
    },
    async register(credentials) {
      // The server signs a new account in straight away; its answer is the signed-in user.
      const user = await api.register(credentials);
      await rememberUser(db, user);
      return user;
    },
    async logout() {
      const user = await metaGet(db, 'user');
      try {
        await api.logout();
      } finally {
        // Forget the person on this device even if the server could not be reached: they asked to leave.
        await forgetSignedInPerson(db);
        if (user) await writer.forgetCommentsBy(user.id);
        dropEveryStashedDraft();
      }
    },
  };
}

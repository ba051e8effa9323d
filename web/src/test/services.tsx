import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { DialogProvider } from '../components/dialog-provider';
import type { ApiClient } from '../lib/api/api-client';
import type { Clock } from '../lib/device/clock';
import { compactRestroom, expandRestroom, type CompactRestroom, type Restroom } from '@allstall/shared';
import { createDb, type AllstallDb } from '../lib/db/db';
import { groupIntoBuckets } from '../lib/sync/buckets';
import { NowProvider } from '../hooks/use-now';
import { createSessionService } from '../lib/login/session';
import { i18n } from '../lib/i18n/i18n';
import { ServicesProvider, type Services } from '../lib/services';
import { MirrorStore } from '../lib/sync/mirror-store';
import { createMirrorWriter } from '../lib/sync/mirror-writer';
import { createSyncEngine } from '../lib/sync/sync-engine';
import { createOutbox } from '../lib/outbox/outbox';
import { idleTimers } from './clock';

let dbCount = 0;

/** An api that fails every call unless a test supplies the calls it expects. */
export function fakeApiClient(overrides: Partial<ApiClient> = {}): ApiClient {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected api call: ${name}`));
  return {
    sendWrite: unexpected('sendWrite'),
    syncPage: unexpected('syncPage'),
    nearbyRestrooms: unexpected('nearbyRestrooms'),
    // A server without the snapshot route (404): the engine pulls the paged feed, as tests script it.
    syncSnapshot: () => Promise.resolve(null),
    snapshotBody: () => Promise.resolve(null),
    currentUser: unexpected('currentUser'),
    login: unexpected('login'),
    register: unexpected('register'),
    logout: unexpected('logout'),
    restroomDetail: unexpected('restroomDetail'),
    clientConfig: unexpected('clientConfig'),
    getJson: unexpected('getJson'),
    autocomplete: unexpected('autocomplete'),
    geocode: unexpected('geocode'),
    reverseGeocode: unexpected('reverseGeocode'),
    placeDetails: unexpected('placeDetails'),
    myRestrooms: unexpected('myRestrooms'),
    ...overrides,
  };
}

/** Real Dexie (on fake-indexeddb), real session and sync services, a scripted api. */
export function testServices(api: ApiClient = fakeApiClient(), db: AllstallDb = createDb(`ui-test-${++dbCount}`)): Services {
  // No timers in component tests: a pull or a retry happens only when a test asks for it.
  const clock: Clock = { ...idleTimers, now: () => Date.now() };
  const mirror = new MirrorStore();
  void mirror.load(db);
  // No channel: tests run many databases in one process, and each test's services stand alone.
  const writer = createMirrorWriter({ db, store: mirror, channel: null });
  const sync = createSyncEngine({ db, api, writer, clock });
  const outbox = createOutbox({ db, api, mirror: writer, clock });
  return { db, mirror, writer, api, sync, session: createSessionService({ db, api, writer }), outbox, clock };
}

export function TestProviders({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <NowProvider>
          <DialogProvider>{children}</DialogProvider>
        </NowProvider>
      </ServicesProvider>
    </I18nProvider>
  );
}

/** Puts restrooms into the services' mirror (IndexedDB and memory), as if a sync had brought them, leaving the cursor alone. */
export async function seedRestrooms(services: Pick<Services, 'db' | 'mirror'>, restrooms: readonly Restroom[]): Promise<void> {
  const rows = restrooms.map(compactRestroom);
  await putBucketRows(services.db, rows);
  services.mirror.put(rows);
}

export async function putBucketRows(db: AllstallDb, rows: readonly CompactRestroom[]): Promise<void> {
  await db.transaction('rw', db.restroomBuckets, async () => {
    for (const [bucket, inBucket] of groupIntoBuckets(rows)) {
      const stored = new Map((await db.restroomBuckets.get(bucket))?.rows.map((row) => [row[0], row] as const));
      for (const row of inBucket) stored.set(row[0], row);
      await db.restroomBuckets.put({ bucket, rows: [...stored.values()] });
    }
  });
}

/** The restrooms stored in IndexedDB, by id: the buckets' rows, then a first sync's staged rows over them (as the store reads them). */
export async function storedRestrooms(db: AllstallDb): Promise<Map<string, Restroom>> {
  const [records, staged] = await db.transaction('r', db.restroomBuckets, db.stagedRows, () => Promise.all([db.restroomBuckets.toArray(), db.stagedRows.toArray()]));
  return new Map([...records, ...staged].flatMap((record) => record.rows.map((row) => [row[0], expandRestroom(row)] as const)));
}

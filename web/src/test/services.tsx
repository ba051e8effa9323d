import type { ReactNode } from 'react';
import { DialogProvider } from '../components/dialog-provider';
import type { ApiClient } from '../lib/api-client';
import { createDb, type AllstallDb } from '../lib/db';
import { NowProvider } from '../hooks/use-now';
import { createSessionService } from '../lib/session';
import { ServicesProvider, type Services } from '../lib/services';
import { createSyncEngine } from '../lib/sync-engine';
import { createOutbox } from '../lib/outbox/outbox';

let dbCount = 0;

/** An api that fails every call unless a test supplies the calls it expects. */
export function fakeApiClient(overrides: Partial<ApiClient> = {}): ApiClient {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected api call: ${name}`));
  return {
    sendWrite: unexpected('sendWrite'),
    syncPage: unexpected('syncPage'),
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
  const clock = { now: () => Date.now(), setInterval: () => 0, clearInterval: () => {} };
  const sync = createSyncEngine({ db, api, clock });
  // No timers in component tests: a retry happens only when a test asks for it.
  const outboxClock = { now: () => Date.now(), setTimeout: () => 0, clearTimeout: () => {} };
  const outbox = createOutbox({ db, api, clock: outboxClock });
  return { db, api, sync, session: createSessionService({ db, api }), outbox };
}

export function TestProviders({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <NowProvider>
        <DialogProvider>{children}</DialogProvider>
      </NowProvider>
    </ServicesProvider>
  );
}

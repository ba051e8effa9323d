import type { ReactNode } from 'react';
import type { ApiClient } from '../lib/api-client';
import { createDb, type AllstallDb } from '../lib/db';
import { NowProvider } from '../hooks/use-now';
import { createSessionService } from '../lib/session';
import { ServicesProvider, type Services } from '../lib/services';
import { createSyncEngine } from '../lib/sync-engine';

let dbCount = 0;

/** An api that fails every call unless a test supplies the calls it expects. */
export function fakeApiClient(overrides: Partial<ApiClient> = {}): ApiClient {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected api call: ${name}`));
  return {
    syncPage: unexpected('syncPage'),
    currentUser: unexpected('currentUser'),
    login: unexpected('login'),
    register: unexpected('register'),
    logout: unexpected('logout'),
    restroomDetail: unexpected('restroomDetail'),
    clientConfig: unexpected('clientConfig'),
    ...overrides,
  };
}

/** Real Dexie (on fake-indexeddb), real session and sync services, a scripted api. */
export function testServices(api: ApiClient = fakeApiClient(), db: AllstallDb = createDb(`ui-test-${++dbCount}`)): Services {
  const clock = { now: () => Date.now(), setInterval: () => 0, clearInterval: () => {} };
  return { db, api, sync: createSyncEngine({ db, api, clock }), session: createSessionService({ db, api }) };
}

export function TestProviders({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <NowProvider>{children}</NowProvider>
    </ServicesProvider>
  );
}

import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api/api-client';
import type { AllstallDb } from './db/db';
import type { Clock } from './device/clock';
import type { Outbox } from './outbox/outbox-types';
import type { SessionService } from './login/session';
import type { MirrorStore } from './sync/mirror-store';
import type { MirrorWriter } from './sync/mirror-writer';
import type { SyncEngine } from './sync/sync-engine';

/** The app's long-lived objects, created once in main.tsx and handed down; tests pass their own. */
export interface Services {
  db: AllstallDb;
  /** The restrooms in this tab's memory: every screen reads them here. */
  mirror: MirrorStore;
  /** The one way restrooms get into the mirror. */
  writer: MirrorWriter;
  api: ApiClient;
  sync: SyncEngine;
  session: SessionService;
  outbox: Outbox;
  /** What time it is, for every screen: the same clock the outbox and the sync engine keep time by. */
  clock: Clock;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}

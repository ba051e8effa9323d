import { useLiveQuery } from 'dexie-react-hooks';
import type { ClientConfig } from '@allstall/shared';
import { FALLBACK_CLIENT_CONFIG } from '../lib/client-config';
import { metaGet } from '../lib/db';
import { useServices } from '../lib/services';

/** The deployment's settings as last fetched, or the built-in defaults on a first offline start. */
export function useClientConfig(): ClientConfig {
  const { db } = useServices();
  return useLiveQuery(async () => (await metaGet(db, 'clientConfig')) ?? FALLBACK_CLIENT_CONFIG, [db]) ?? FALLBACK_CLIENT_CONFIG;
}

import { useLiveQuery } from 'dexie-react-hooks';
import type { ClientConfig } from '@allstall/shared';
import { completeClientConfig, FALLBACK_CLIENT_CONFIG } from '../lib/client-config';
import { metaGet } from '../lib/db';
import { useServices } from '../lib/services';

/** The deployment's settings as last fetched, or null until this device has fetched them once. */
export function useFetchedClientConfig(): ClientConfig | null {
  const { db } = useServices();
  return useLiveQuery(async () => {
    const kept = await metaGet(db, 'clientConfig');
    return kept === undefined ? null : completeClientConfig(kept);
  }, [db]) ?? null;
}

/** The deployment's settings as last fetched, or the built-in defaults on a first offline start. */
export function useClientConfig(): ClientConfig {
  return useFetchedClientConfig() ?? FALLBACK_CLIENT_CONFIG;
}

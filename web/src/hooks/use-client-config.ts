import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ClientConfig } from '@allstall/shared';
import { clientConfigInLanguage, completeClientConfig, FALLBACK_CLIENT_CONFIG } from '../lib/settings/client-config';
import { useLocale } from '../lib/i18n/use-t';
import { metaGet } from '../lib/db/db';
import { useServices } from '../lib/services';

/** The deployment's settings as last fetched, or null until this device has fetched them once. */
export function useFetchedClientConfig(): ClientConfig | null {
  const { db } = useServices();
  return useLiveQuery(async () => {
    const kept = await metaGet(db, 'clientConfig');
    return kept === undefined ? null : completeClientConfig(kept);
  }, [db]) ?? null;
}

/**
 * The deployment's settings as last fetched, or the built-in defaults on a first offline start, in
 * the active language: `region.listOriginName` is the origin's name in it (clientConfigInLanguage).
 */
export function useClientConfig(): ClientConfig {
  const config = useFetchedClientConfig() ?? FALLBACK_CLIENT_CONFIG;
  const locale = useLocale();
  return useMemo(() => clientConfigInLanguage(config, locale), [config, locale]);
}

import { clientConfigFor, DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, type ClientConfig } from '@allstall/shared';
import { HttpError, NetworkError, ContractError, type ApiClient } from './api-client';
import { metaSet, type AllstallDb } from './db';

/** What the app assumes before the server has ever been reached from this device. */
export const FALLBACK_CLIENT_CONFIG = clientConfigFor({
  authorName: '',
  tileUrl: DEFAULT_TILE_URL,
  tileAttribution: DEFAULT_TILE_ATTRIBUTION,
});

/**
 * A copy kept on the device, completed where an older app kept fewer settings (the map's zoom, the
 * units, the country and the list origin's name came later): an offline start must not read them as
 * undefined. What a setting cannot be guessed from falls back to the launch region's; the list
 * origin's name follows the kept region's own name. The next refresh replaces the copy whole.
 */
export function completeClientConfig(kept: ClientConfig): ClientConfig {
  const region: Partial<ClientConfig['region']> = kept.region ?? {};
  return {
    ...FALLBACK_CLIENT_CONFIG,
    ...kept,
    region: {
      ...FALLBACK_CLIENT_CONFIG.region,
      ...region,
      listOriginName: region.listOriginName ?? (region.name === undefined ? FALLBACK_CLIENT_CONFIG.region.listOriginName : `downtown ${region.name}`),
    },
  };
}

/** Fetches the deployment's settings and keeps them for offline starts; failures keep the last copy. */
export async function refreshClientConfig(db: AllstallDb, api: ApiClient): Promise<void> {
  try {
    await metaSet(db, 'clientConfig', await api.clientConfig());
  } catch (error) {
    if (!(error instanceof NetworkError || error instanceof HttpError || error instanceof ContractError)) throw error;
  }
}

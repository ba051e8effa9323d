import { clientConfigFor, DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, downtownOriginNames, listOriginNameIn, type ClientConfig } from '@allstall/shared';
import { HttpError, NetworkError, ContractError, type ApiClient } from '../api/api-client';
import { metaSet, type AllstallDb } from '../db/db';

/** What the app assumes before the server has ever been reached from this device. */
export const FALLBACK_CLIENT_CONFIG = clientConfigFor({
  authorName: '',
  tileUrl: DEFAULT_TILE_URL,
  tileAttribution: DEFAULT_TILE_ATTRIBUTION,
});

/**
 * A copy kept on the device, completed where an older app kept fewer settings (the map's zoom, the
 * units, the country and the list origin's names came later): an offline start must not read them as
 * undefined. What a setting cannot be guessed from falls back to the launch region's; the list
 * origin's names follow the kept region's own name ("downtown NAME", "el centro de NAME"), and a
 * kept name with no names per language serves every language. The next refresh replaces the copy whole.
 */
export function completeClientConfig(kept: ClientConfig): ClientConfig {
  const region: Partial<ClientConfig['region']> = kept.region ?? {};
  const originNames =
    region.listOriginName !== undefined
      ? { listOriginName: region.listOriginName, listOriginNames: region.listOriginNames ?? {} }
      : region.name === undefined
        ? { listOriginName: FALLBACK_CLIENT_CONFIG.region.listOriginName, listOriginNames: FALLBACK_CLIENT_CONFIG.region.listOriginNames }
        : downtownOriginNames(region.name);
  return {
    ...FALLBACK_CLIENT_CONFIG,
    ...kept,
    region: { ...FALLBACK_CLIENT_CONFIG.region, ...region, ...originNames },
  };
}

/**
 * The settings as a screen in `language` reads them: `region.listOriginName` is the origin's name in
 * that language ("Ordenados por distancia desde el centro de Minneapolis."), else the name for any.
 */
export function clientConfigInLanguage(config: ClientConfig, language: string): ClientConfig {
  const listOriginName = listOriginNameIn(config.region, language);
  return listOriginName === config.region.listOriginName ? config : { ...config, region: { ...config.region, listOriginName } };
}

/** Fetches the deployment's settings and keeps them for offline starts; failures keep the last copy. */
export async function refreshClientConfig(db: AllstallDb, api: ApiClient): Promise<void> {
  try {
    await metaSet(db, 'clientConfig', await api.clientConfig());
  } catch (error) {
    if (!(error instanceof NetworkError || error instanceof HttpError || error instanceof ContractError)) throw error;
  }
}

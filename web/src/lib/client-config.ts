import { clientConfigFor, DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '@allstall/shared';
import { HttpError, NetworkError, ContractError, type ApiClient } from './api-client';
import { metaSet, type AllstallDb } from './db';

/** What the app assumes before the server has ever been reached from this device. */
export const FALLBACK_CLIENT_CONFIG = clientConfigFor({
  authorName: '',
  tileUrl: DEFAULT_TILE_URL,
  tileAttribution: DEFAULT_TILE_ATTRIBUTION,
});

/** Fetches the deployment's settings and keeps them for offline starts; failures keep the last copy. */
export async function refreshClientConfig(db: AllstallDb, api: ApiClient): Promise<void> {
  try {
    await metaSet(db, 'clientConfig', await api.clientConfig());
  } catch (error) {
    if (!(error instanceof NetworkError || error instanceof HttpError || error instanceof ContractError)) throw error;
  }
}

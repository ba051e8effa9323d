import { NetworkError } from '../api/api-client';
import { deviceIsOffline } from '../device/device-offline';
import { t } from '../i18n/i18n';

/** Why address search could not answer: no connection, or the geocoder (or server) failed. */
export type SearchFailure = 'offline' | 'failed';

export function searchFailureOf(error: unknown): SearchFailure {
  return error instanceof NetworkError || deviceIsOffline() ? 'offline' : 'failed';
}

/** Said above the saved restrooms the field offers instead of addresses. */
export function searchFailureText(failure: SearchFailure): string {
  return t(failure === 'offline' ? 'search.offline' : 'search.failed');
}

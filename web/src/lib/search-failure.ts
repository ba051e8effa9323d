import { NetworkError } from './api-client';
import { deviceIsOffline } from './device-offline';

/** Why address search could not answer: no connection, or the geocoder (or server) failed. */
export type SearchFailure = 'offline' | 'failed';

export function searchFailureOf(error: unknown): SearchFailure {
  return error instanceof NetworkError || deviceIsOffline() ? 'offline' : 'failed';
}

/** Said above the saved restrooms the field offers instead of addresses. */
export function searchFailureText(failure: SearchFailure): string {
  return failure === 'offline'
    ? 'Address search needs a connection. Showing restrooms saved on this device.'
    : "Address search isn't working right now. Showing restrooms saved on this device.";
}

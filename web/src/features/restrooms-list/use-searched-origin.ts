import type { LatLng } from '@allstall/shared';
import { useStoredState, type StoredSetting } from './use-stored-state';

/** An address the person searched for, measured from instead of their position or downtown. */
export interface SearchedOrigin {
  position: LatLng;
  /** Short, for "Closest to … first." and the map's marker: the place's name or first address line. */
  label: string;
  /** What the search field shows for it. */
  text: string;
}

function parseSearchedOrigin(value: unknown): SearchedOrigin | null {
  if (typeof value !== 'object' || value === null) return null;
  const { position, label, text } = value as Record<string, unknown>;
  if (typeof label !== 'string' || typeof text !== 'string' || typeof position !== 'object' || position === null) return null;
  const { lat, lng } = position as Record<string, unknown>;
  if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { position: { lat, lng }, label, text };
}

/**
 * Kept for the browser tab only (sessionStorage): it survives a visit to a restroom and back, or a
 * reload, but an app opened again later starts from where the person is then, not from an address
 * they looked up days ago somewhere else.
 */
const SEARCHED_ORIGIN: StoredSetting<SearchedOrigin | null> = {
  kind: 'session',
  key: 'home-origin',
  version: 1,
  parse: parseSearchedOrigin,
  fallback: null,
};

export function useSearchedOrigin(): [SearchedOrigin | null, (origin: SearchedOrigin | null) => void] {
  return useStoredState(SEARCHED_ORIGIN);
}

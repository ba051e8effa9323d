/*
 * Small settings kept by the browser under one key each, wrapped with a version so a later app can
 * tell its own format from an older one. Storage can be missing or refuse (private modes, a full
 * disk): the setting then lasts as long as the screen, which is the only cost.
 */

export type StorageKind = 'local' | 'session';

interface Stored {
  version: number;
  value: unknown;
}

const PREFIX = 'allstall:';

function storageOf(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

/** The stored value when it has this version and `parse` accepts it; null otherwise. */
export function readStored<T>(kind: StorageKind, key: string, version: number, parse: (value: unknown) => T | null): T | null {
  try {
    const raw = storageOf(kind)?.getItem(PREFIX + key);
    if (raw === null || raw === undefined) return null;
    const stored = JSON.parse(raw) as Partial<Stored> | null;
    if (typeof stored !== 'object' || stored === null || stored.version !== version) return null;
    return parse(stored.value);
  } catch {
    return null;
  }
}

/** Stores `value`, or forgets the key for null. */
export function writeStored(kind: StorageKind, key: string, version: number, value: unknown): void {
  try {
    const storage = storageOf(kind);
    if (value === null) storage?.removeItem(PREFIX + key);
    else storage?.setItem(PREFIX + key, JSON.stringify({ version, value } satisfies Stored));
  } catch {
    // Not kept: see above.
  }
}

import { useCallback, useState } from 'react';
import { readStored, writeStored, type StorageKind } from '@/lib/settings/stored-settings';

export interface StoredSetting<T> {
  kind: StorageKind;
  key: string;
  version: number;
  /** The value when it is a valid stored one, null otherwise (the fallback is used then). */
  parse: (value: unknown) => T | null;
  fallback: T;
}

/** State that starts from what was stored and stores every change. */
export function useStoredState<T>({ kind, key, version, parse, fallback }: StoredSetting<T>): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => readStored(kind, key, version, parse) ?? fallback);
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(kind, key, version, next);
    },
    [kind, key, version],
  );
  return [value, set];
}

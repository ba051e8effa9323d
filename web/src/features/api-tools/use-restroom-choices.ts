import { useMemo } from 'react';
import { COMPACT_AT } from '@allstall/shared';
import { useMirror } from '@/hooks/use-mirror';
import { useServices } from '@/lib/services';

export interface RestroomChoice {
  id: string;
  name: string;
}

/**
 * The restrooms on this device in id order (UUIDv7 ids sort by when each was added), for picking
 * the ends of an id range by name. Pending and removed restrooms between two picked ones are in
 * the range too: the server counts every restroom whose id lies between.
 */
export function useRestroomChoices(): RestroomChoice[] {
  const { mirror } = useServices();
  const view = useMirror();
  return useMemo(() => {
    if (!view) return [];
    const choices = mirror.allRows().map((row) => ({ id: row[COMPACT_AT.id].toLowerCase(), name: row[COMPACT_AT.name] }));
    return choices.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }, [mirror, view]);
}

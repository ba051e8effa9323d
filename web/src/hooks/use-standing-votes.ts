import { useLiveQuery } from 'dexie-react-hooks';
import { metaGet, type Thumb } from '../lib/db/db';
import { useServices } from '../lib/services';

const NONE: Readonly<Record<string, Thumb>> = Object.freeze({});

/** The signed-in person's thumbs this device has seen accepted, by restroom id; empty for anyone else. */
export function useStandingVotes(userId: string | null | undefined): Readonly<Record<string, Thumb>> {
  const { db } = useServices();
  const known = useLiveQuery(() => metaGet(db, 'myVotes'), [db]);
  return known && known.userId === userId ? known.votes : NONE;
}

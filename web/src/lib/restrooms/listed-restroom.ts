import type { Restroom } from '@allstall/shared';

/** A row of the list: a restroom with its distance in miles (2 decimals), or null when it has no position. */
export type ListedRestroom = Restroom & { distance: number | null };

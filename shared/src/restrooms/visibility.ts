import type { Restroom } from '../schemas/restroom.js';

/**
 * Whether everyone may see a restroom: approved and not removed from display. Pending, rejected and
 * removed listings are for admins only, wherever they turn up (a stale mirror row included).
 */
export function restroomIsPublic(restroom: Pick<Restroom, 'status' | 'is_removed'>): boolean {
  return restroom.status === 'approved' && !restroom.is_removed;
}

import type { Restroom, RestroomStatus } from '@allstall/shared';
import type { MessageId } from '@/lib/i18n/message-id';
import type { OutboxRow, OutboxStatus } from '@/lib/outbox/outbox-types';

export type RestroomRow = Extract<OutboxRow, { kind: 'restroom' }>;

/** One of 'Bathrooms you added': still on the device, or as the server last described it. */
export interface MyRestroom {
  /** The restroom's id: a queued one already has it (the write's UUID becomes the restroom's). */
  id: string;
  name: string;
  address: string;
  status: MyRestroomStatus;
  /** Where the write stands while it is still on the device; null once the server has it. */
  queued: OutboxStatus | null;
}

/** The review status, or 'removed' for one an admin took off display after approving it. */
export type MyRestroomStatus = RestroomStatus | 'removed';

/** What a person reads about each status (docs/product-rules.md#the-outboxs-promises: a new restroom shows as waiting for review). */
export const MY_RESTROOM_STATUS_WORDS: Record<MyRestroomStatus, MessageId> = {
  pending: 'writes.myRestrooms.pending',
  approved: 'writes.myRestrooms.approved',
  rejected: 'writes.myRestrooms.rejected',
  removed: 'writes.myRestrooms.removed',
};

/**
 * The person's additions, newest first: those still in the outbox, then those the server stored.
 * A stored one takes its status from the mirror when the mirror has it, since a pull brings an
 * approval sooner than anything else does.
 */
export function myRestroomsOf(queued: readonly RestroomRow[], stored: readonly Restroom[], mirror: ReadonlyMap<string, Restroom>): MyRestroom[] {
  const fromQueue = [...queued]
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((row): MyRestroom => ({
      id: row.id,
      name: row.body.bathroomToAdd.name,
      address: row.body.bathroomToAdd.formatted_address,
      status: 'pending',
      queued: row.status,
    }));
  const queuedIds = new Set(fromQueue.map((item) => item.id));
  const fromServer = [...stored]
    .filter((restroom) => !queuedIds.has(restroom.id))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((restroom): MyRestroom => ({
      id: restroom.id,
      name: restroom.name,
      address: [restroom.street, restroom.city].filter((part) => part !== '').join(', '),
      status: statusOf(mirror.get(restroom.id) ?? restroom),
      queued: null,
    }));
  return [...fromQueue, ...fromServer];
}

function statusOf(restroom: Restroom): MyRestroomStatus {
  return restroom.status === 'approved' && restroom.is_removed ? 'removed' : restroom.status;
}

import type { Restroom } from '@allstall/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { flagFromBoolean } from './convert.js';

/** The restroom as the person thinks it should be. */
export interface ProposedRestroom {
  name: string;
  street: string;
  city: string;
  state: string;
  unisex: boolean;
  accessible: boolean;
  changing_table: boolean;
  is_single_stall: boolean;
  menstrual_products: boolean;
  is_closed: boolean;
}

/** What it takes to raise a flag. */
export interface NewFlag {
  id: string;
  restroomId: string;
  userId: string;
  proposed: ProposedRestroom;
  other: string;
  /** The restroom as it stood when the flag was raised, kept beside the proposal for the admin. */
  original: Restroom;
  createdAtMs: number;
}

/** Stores an open flag. Flags are for admins only, so the change feed never carries them. */
export async function insertFlag(trx: Transaction<Database>, flag: NewFlag): Promise<void> {
  const { proposed } = flag;
  await trx
    .insertInto('flags')
    .values({
      id: flag.id,
      restroom_id: flag.restroomId,
      user_id: flag.userId,
      proposed_name: proposed.name,
      proposed_street: proposed.street,
      proposed_city: proposed.city,
      proposed_state: proposed.state,
      proposed_unisex: flagFromBoolean(proposed.unisex),
      proposed_accessible: flagFromBoolean(proposed.accessible),
      proposed_changing_table: flagFromBoolean(proposed.changing_table),
      proposed_is_single_stall: flagFromBoolean(proposed.is_single_stall),
      proposed_menstrual_products: flagFromBoolean(proposed.menstrual_products),
      proposed_is_closed: flagFromBoolean(proposed.is_closed),
      other: flag.other,
      status: 'open',
      created_at: flag.createdAtMs,
      resolved_by: null,
      resolved_at: null,
      original_json: JSON.stringify(flag.original),
    })
    .execute();
}

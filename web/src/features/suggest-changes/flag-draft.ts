import Value from 'typebox/value';
import { FlagBodySchema, type FlagBody, type Restroom } from '@allstall/shared';

/**
 * The suggestion starts as the listing is now: the person changes only what is wrong. 'Closed'
 * starts from the listing's removed state (spec §2); 'Other' starts empty.
 */
export function flagBodyOf(restroom: Restroom): FlagBody {
  return {
    restroom_id: restroom.id,
    name: restroom.name,
    street: restroom.street,
    city: restroom.city,
    state: restroom.state,
    accessible: restroom.accessible,
    changing_table: restroom.changing_table,
    unisex: restroom.unisex,
    menstrual_products: restroom.menstrual_products,
    is_single_stall: restroom.is_single_stall,
    other: '',
    is_closed: restroom.is_removed,
  };
}

export function isFlagBody(value: unknown): value is FlagBody {
  return Value.Check(FlagBodySchema, value);
}

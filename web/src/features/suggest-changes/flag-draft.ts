import Value from 'typebox/value';
import { FlagBodySchema, flagProblem, listingFieldsOf, type FlagBody, type Restroom } from '@allstall/shared';
import { checkedWrite, type CheckedWrite } from '../../lib/checked-write';

/**
 * The suggestion starts as the listing is now: the person changes only what is wrong. 'Closed'
 * starts from the listing's removed state (docs/product-rules.md#suggested-changes); 'Other' starts empty.
 */
export function flagBodyOf(restroom: Restroom): FlagBody {
  return {
    restroom_id: restroom.id,
    ...listingFieldsOf(restroom),
    other: '',
    is_closed: restroom.is_removed,
  };
}

/** The suggestion as it is queued, or what is wrong with it (a missing name, say, shown by its field). */
export function checkFlagDraft(draft: FlagBody): CheckedWrite {
  return checkedWrite({ kind: 'flag', body: draft }, flagProblem(draft));
}

export function isFlagBody(value: unknown): value is FlagBody {
  return Value.Check(FlagBodySchema, value);
}

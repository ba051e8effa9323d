import { Type, type Static } from 'typebox';
import Value from 'typebox/value';
import { FlagBodySchema, flagProblem, listingFieldsOf, type FlagBody, type Restroom } from '@allstall/shared';
import { checkedWrite, type CheckedWrite } from '@/lib/api/checked-write';
import { HoursInputSchema, hoursInputOf, weeklyHoursOf } from '@/lib/restrooms/hours-input';

/** Where the dialog shows a problem with the proposed hours: the body's own field. */
export const FLAG_HOURS_FIELD = 'hours';

/**
 * The suggestion as the person fills it in: the body, with the hours as the editor holds them and
 * whether the person suggests new hours at all ('Suggest new hours'). Off, the body goes without
 * `hours`: no change to them (docs/product-rules.md#suggested-changes). A schema, because a draft
 * stashed while its author logs in may come back from an older version of the app; one from before
 * hours could be suggested no longer passes, and the dialog starts afresh.
 */
const FlagDraftSchema = Type.Object(
  {
    ...FlagBodySchema.properties,
    hours: HoursInputSchema,
    suggestHours: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type FlagDraft = Static<typeof FlagDraftSchema>;

/**
 * The suggestion starts as the listing is now: the person changes only what is wrong. 'Closed'
 * starts from the listing's removed state (docs/product-rules.md#suggested-changes); 'Other' starts
 * empty; the hours editor, once opened, starts from the listing's hours.
 */
export function flagDraftOf(restroom: Restroom): FlagDraft {
  return {
    restroom_id: restroom.id,
    ...listingFieldsOf(restroom),
    other: '',
    is_closed: restroom.is_removed,
    hours: hoursInputOf(restroom.hours),
    suggestHours: false,
  };
}

/** A queued suggestion back in the dialog, to fix what the server refused. */
export function flagDraftOfBody({ hours, ...body }: FlagBody): FlagDraft {
  return { ...body, hours: hoursInputOf(hours ?? null), suggestHours: hours !== undefined };
}

/**
 * The suggestion as it is queued, or what is wrong with it: a missing name first (it is at the top
 * of the form), then the hours as the editor holds them, said as the add form says them. A place
 * reported closed proposes no hours: the editor is disabled then.
 */
export function checkFlagDraft({ hours: hoursInput, suggestHours, ...rest }: FlagDraft): CheckedWrite {
  if (!suggestHours || rest.is_closed) return checkedWrite({ kind: 'flag', body: rest }, flagProblem(rest));
  const hours = weeklyHoursOf(hoursInput);
  const body: FlagBody = hours.problem ? rest : { ...rest, hours: hours.hours };
  const hoursProblem = hours.problem && { ...hours.problem, field: FLAG_HOURS_FIELD };
  return checkedWrite({ kind: 'flag', body }, flagProblem(body) ?? hoursProblem);
}

export function isFlagDraft(value: unknown): value is FlagDraft {
  return Value.Check(FlagDraftSchema, value);
}

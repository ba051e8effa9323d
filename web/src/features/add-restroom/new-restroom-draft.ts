import { Type, type Static } from 'typebox';
import Value from 'typebox/value';
import {
  AmenityValueSchema,
  LatLngSchema,
  newRestroomAccess,
  newRestroomMenstrualProducts,
  newRestroomProblem,
  RestroomAccessSchema,
  RestroomFeeSchema,
  type LatLng,
  type NewRestroomBody,
  type Place,
  type WeeklyHours,
} from '@allstall/shared';
import { checkedWrite, type CheckedWrite } from '@/lib/api/checked-write';
import { HoursInputSchema, hoursInputOf, weeklyHoursOf } from '@/lib/restrooms/hours-input';

/**
 * 'Add more info here:' as the person fills it in. The hours are kept as the editor holds them and
 * become the body's `bathroomHours` only on Submit. A schema, because a draft stashed while its
 * author logs in may come back from an older version of the app.
 */
const NewRestroomDraftSchema = Type.Object({
  placeID: Type.Union([Type.String(), Type.Null()]),
  /** The tapped spot or the place's own position; null when the bathroom is added by hand. */
  position: Type.Union([LatLngSchema, Type.Null()]),
  name: Type.String(),
  formatted_address: Type.String(),
  /* Yes, no or null for 'Not sure' (docs/product-rules.md#adding-a-restroom). A draft stashed by an
     app from before (with `is_public`) no longer passes, and the form starts afresh. */
  accessible: AmenityValueSchema,
  changing_table: AmenityValueSchema,
  unisex: AmenityValueSchema,
  single_stall: AmenityValueSchema,
  menstrual_products: AmenityValueSchema,
  access: RestroomAccessSchema,
  /** Optional: a draft stashed by an app from before `fee` still opens, with 'Not sure'. */
  fee: Type.Optional(RestroomFeeSchema),
  comment: Type.String(),
  commentForAdmin: Type.String(),
  hours: HoursInputSchema,
});
export type NewRestroomDraft = Static<typeof NewRestroomDraftSchema>;

export function isNewRestroomDraft(value: unknown): value is NewRestroomDraft {
  return Value.Check(NewRestroomDraftSchema, value);
}

/** Where a new-restroom draft waits while its author logs in: one per person, whatever the place. */
export function newRestroomStashKey(userId: string): string {
  return `restroom:${userId}`;
}

/** What the dialog opens with: a found place (its name, address, position and hours), a bare spot, or nothing. */
export interface DraftStart {
  place: Place | null;
  hours: WeeklyHours;
  /** A spot tapped on the map wins over the place's own position: the person put the pin there. */
  spot: LatLng | null;
}

export function newRestroomDraftOf({ place, hours, spot }: DraftStart): NewRestroomDraft {
  return {
    placeID: place?.place_id ?? null,
    position: spot ?? place?.geometry.location ?? null,
    name: place?.name ?? '',
    formatted_address: place?.formatted_address ?? '',
    // Nobody has said yet: every amenity, who may use it and the fee start at 'Not sure'.
    accessible: null,
    changing_table: null,
    unisex: null,
    single_stall: null,
    menstrual_products: null,
    access: null,
    fee: null,
    comment: '',
    commentForAdmin: '',
    hours: hoursInputOf(hours),
  };
}

/** A queued submission back in the form, to fix what the server refused. */
export function newRestroomDraftOfBody({ bathroomToAdd: restroom, bathroomHours }: NewRestroomBody): NewRestroomDraft {
  const position = restroom.latitude !== null && restroom.longitude !== null ? { lat: restroom.latitude, lng: restroom.longitude } : null;
  return {
    placeID: restroom.placeID ?? null,
    position,
    name: restroom.name,
    formatted_address: restroom.formatted_address,
    accessible: restroom.accessible,
    changing_table: restroom.changing_table,
    unisex: restroom.unisex,
    single_stall: restroom.single_stall,
    menstrual_products: newRestroomMenstrualProducts(restroom),
    // A write queued by an older app may say only is_public.
    access: newRestroomAccess(restroom),
    // A write queued by an older app has no fee: unknown.
    fee: restroom.fee ?? null,
    comment: restroom.comment ?? '',
    commentForAdmin: restroom.commentForAdmin ?? '',
    hours: hoursInputOf(bathroomHours),
  };
}

/** Optional texts go only when they say something. */
const optionalText = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The submission the draft makes, or what keeps it from going: Name and Address first (they are at
 * the top of the form), then the hours as the editor holds them, then the rules the server checks.
 */
export function checkNewRestroomDraft(draft: NewRestroomDraft): CheckedWrite {
  const hours = weeklyHoursOf(draft.hours);
  const comment = optionalText(draft.comment);
  const commentForAdmin = optionalText(draft.commentForAdmin);
  const body: NewRestroomBody = {
    bathroomToAdd: {
      placeID: draft.placeID,
      name: draft.name.trim(),
      formatted_address: draft.formatted_address.trim(),
      accessible: draft.accessible,
      // `access`, never the old `is_public`: 'Customers only' and 'Not sure' are not "private".
      access: draft.access,
      fee: draft.fee ?? null,
      unisex: draft.unisex,
      changing_table: draft.changing_table,
      single_stall: draft.single_stall,
      menstrual_products: draft.menstrual_products,
      latitude: draft.position?.lat ?? null,
      longitude: draft.position?.lng ?? null,
      ...(comment === undefined ? {} : { comment }),
      ...(commentForAdmin === undefined ? {} : { commentForAdmin }),
    },
    bathroomHours: hours.hours,
  };
  return checkedWrite({ kind: 'restroom', body }, newRestroomProblem(body) ?? hours.problem);
}

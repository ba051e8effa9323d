import type { AccessValue, AmenityValue, FeeValue, ListingAmenityKey, RestroomAccess, RestroomFee } from '@allstall/shared';
import { t } from '../i18n/i18n';
import type { MessageId } from '../i18n/message-id';

/*
 * The words the forms and admin screens use for the yes/no/unknown amenities, for who may use a
 * restroom and whether it is free (docs/product-rules.md#what-we-know). No schema code, so the first screen's bundle can use it.
 * Every word is said in the active language when it is read: read these while rendering (in a
 * component that uses useT, so it renders again in a new language), never into a module constant.
 */

/** An object whose every property reads as its message in the active language. */
function sayingEach<K extends string>(ids: { readonly [P in K]: MessageId }): { readonly [P in K]: string } {
  return Object.defineProperties(
    {},
    Object.fromEntries(Object.entries<MessageId>(ids).map(([key, id]) => [key, { enumerable: true, get: () => t(id) }])),
  ) as { readonly [P in K]: string };
}

/** Each amenity's name, as the list and the detail name it, in the restroom's order. */
export const AMENITY_CHOICE_LABELS = sayingEach<ListingAmenityKey>({
  unisex: 'writes.amenity.unisex',
  accessible: 'writes.amenity.accessible',
  changing_table: 'writes.amenity.changingTable',
  is_single_stall: 'writes.amenity.singleStall',
  menstrual_products: 'writes.amenity.menstrualProducts',
});

/** 'Who may use it?', the question the forms ask. */
export function accessQuestion(): string {
  return t('writes.access.question');
}

/** 'Who may use it', as a review's label names the field. */
export function accessLabel(): string {
  return t('writes.access.label');
}

/** Who may use it, in words. */
export const ACCESS_WORDS = sayingEach<RestroomAccess>({
  public: 'writes.access.public',
  customers: 'writes.access.customers',
  key: 'writes.access.key',
});

/** 'Free to use', the question the forms ask (Yes: free, No: paid) and the field's name in a review. */
export function feeLabel(): string {
  return t('writes.fee.label');
}

/** Whether it costs money, in a review's words. */
const FEE_WORDS = sayingEach<RestroomFee>({
  free: 'writes.fee.free',
  paid: 'writes.fee.paid',
});

/** 'Not sure' in a form, null on the wire. */
export function notSure(): string {
  return t('writes.choice.notSure');
}

/** A review's word for an amenity's value: 'Unknown' is a value of its own, not 'No'. */
export function amenityValueText(value: AmenityValue): string {
  return t(value === null ? 'writes.choice.unknown' : value ? 'writes.choice.yes' : 'writes.choice.no');
}

/** A review's words for who may use it. */
export function accessValueText(value: AccessValue): string {
  return value === null ? t('writes.choice.unknown') : ACCESS_WORDS[value];
}

/** A review's words for whether it costs money: 'Free', 'Paid' or 'Unknown'. */
export function feeValueText(value: FeeValue | undefined): string {
  // Undefined in a flag or restroom kept from before `fee`: unknown.
  return value === null || value === undefined ? t('writes.choice.unknown') : FEE_WORDS[value];
}

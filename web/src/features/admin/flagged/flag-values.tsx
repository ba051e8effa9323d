import { Fragment, type ReactNode } from 'react';
import { LISTING_AMENITY_KEYS, type AccessValue, type AmenityValue, type FlagField, type FlagProposal, type ListingAmenityKey, type RestroomAccess } from '@allstall/shared';
import type { MessageId } from '../../../lib/i18n/message-id';
import { useT, type Translate } from '../../../lib/i18n/use-t';

const ADDRESS_PARTS = ['street', 'city', 'state'] as const;

/*
 * The review's own words for the amenities and who may use them, with those of the add form
 * (lib/listing-choices.ts) in English: the admin part of the catalogs carries them, so the review
 * reads in the active language without the forms' messages.
 */
const AMENITY_LABELS: { readonly [K in ListingAmenityKey]: MessageId } = {
  unisex: 'admin.flagReview.amenity.unisex',
  accessible: 'admin.flagReview.amenity.accessible',
  changing_table: 'admin.flagReview.amenity.changing_table',
  is_single_stall: 'admin.flagReview.amenity.is_single_stall',
  menstrual_products: 'admin.flagReview.amenity.menstrual_products',
};

const ACCESS_WORDS: { readonly [K in RestroomAccess]: MessageId } = {
  public: 'admin.flagReview.access.public',
  customers: 'admin.flagReview.access.customers',
  key: 'admin.flagReview.access.key',
};

/** A review's word for an amenity's value: 'Unknown' is a value of its own, not 'No'. */
export function amenityValueText(t: Translate, value: AmenityValue): string {
  return t(value === null ? 'admin.flagReview.unknown' : value ? 'admin.flagReview.yes' : 'admin.flagReview.no');
}

/** A review's words for who may use it. */
export function accessValueText(t: Translate, value: AccessValue): string {
  return t(value === null ? 'admin.flagReview.unknown' : ACCESS_WORDS[value]);
}

interface FlagValuesProps {
  heading: string;
  values: FlagProposal;
  /** Fields to highlight, as changed by the proposal. */
  changed: ReadonlySet<FlagField>;
  /** The restroom as it was: a changed yes/no/unknown value shows what it was beside it. */
  original?: FlagProposal | undefined;
}

/**
 * One side of the review: name, address, amenities (Yes, No or Unknown, each its own value), who may
 * use it and 'Permanently closed', changed values marked. On the proposal's side a changed value
 * says what it was ("Yes, was Unknown"), so a guess never passes for a correction unseen.
 */
export function FlagValues({ heading, values, changed, original }: FlagValuesProps) {
  const t = useT();
  const marked = (field: FlagField, text: string) =>
    changed.has(field) ? (
      <mark className="flag-review__changed">
        {text}
        <span className="sr-only"> {t('admin.flagReview.changed')}</span>
      </mark>
    ) : (
      text
    );
  const withWas = (field: FlagField, text: string, wasText: string | null): ReactNode =>
    changed.has(field) && wasText !== null ? (
      <>
        {marked(field, text)} <span className="flag-review__was">{t('admin.flagReview.was', { value: wasText })}</span>
      </>
    ) : (
      marked(field, text)
    );
  const yesNo = (value: boolean) => t(value ? 'admin.flagReview.yes' : 'admin.flagReview.no');
  return (
    <section className="flag-review__values">
      <h3>{heading}</h3>
      <dl>
        <dt>{t('admin.column.name')}</dt>
        <dd>{marked('name', values.name)}</dd>
        <dt>{t('admin.flagReview.address')}</dt>
        <dd>
          {ADDRESS_PARTS.map((part, index) => (
            <span key={part}>
              {index > 0 && ', '}
              {marked(part, values[part] === '' ? '—' : values[part])}
            </span>
          ))}
        </dd>
        {LISTING_AMENITY_KEYS.map((key) => (
          <Fragment key={key}>
            <dt>{t(AMENITY_LABELS[key])}</dt>
            <dd>{withWas(key, amenityValueText(t, values[key]), original ? amenityValueText(t, original[key]) : null)}</dd>
          </Fragment>
        ))}
        <dt>{t('admin.flagReview.access')}</dt>
        <dd>{withWas('access', accessValueText(t, values.access), original ? accessValueText(t, original.access) : null)}</dd>
        <dt>{t('admin.flagReview.permanentlyClosed')}</dt>
        <dd>{withWas('is_closed', yesNo(values.is_closed), original ? yesNo(original.is_closed) : null)}</dd>
      </dl>
    </section>
  );
}

import { Fragment, type ReactNode } from 'react';
import { LISTING_AMENITY_KEYS, type FlagField, type FlagProposal } from '@allstall/shared';
import { accessLabel, accessValueText, AMENITY_CHOICE_LABELS, amenityValueText, feeLabel, feeValueText } from '../../../lib/listing-choices';
import { useT } from '../../../lib/i18n/use-t';

const ADDRESS_PARTS = ['street', 'city', 'state'] as const;

interface FlagValuesProps {
  heading: string;
  values: FlagProposal;
  /** Fields to highlight, as changed by the proposal. */
  changed: ReadonlySet<FlagField>;
  /** The restroom as it was: a changed yes/no/unknown value shows what it was beside it. */
  original?: FlagProposal | undefined;
  /** Shown under the values, on this side: the proposal's 'Other'. */
  children?: ReactNode;
}

/**
 * One side of the review: name, address, amenities (Yes, No or Unknown, each its own value), who may
 * use it, whether it is free and 'Permanently closed', changed values marked. On the proposal's side a changed value
 * says what it was ("Yes, was Unknown"), so a guess never passes for a correction unseen.
 */
export function FlagValues({ heading, values, changed, original, children }: FlagValuesProps) {
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
            <dt>{AMENITY_CHOICE_LABELS[key]}</dt>
            <dd>{withWas(key, amenityValueText(values[key]), original ? amenityValueText(original[key]) : null)}</dd>
          </Fragment>
        ))}
        <dt>{accessLabel()}</dt>
        <dd>{withWas('access', accessValueText(values.access), original ? accessValueText(original.access) : null)}</dd>
        <dt>{feeLabel()}</dt>
        <dd>{withWas('fee', feeValueText(values.fee), original ? feeValueText(original.fee) : null)}</dd>
        <dt>{t('admin.flagReview.permanentlyClosed')}</dt>
        <dd>{withWas('is_closed', amenityValueText(values.is_closed), original ? amenityValueText(original.is_closed) : null)}</dd>
      </dl>
      {children}
    </section>
  );
}

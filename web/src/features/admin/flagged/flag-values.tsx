import { Fragment, type ReactNode } from 'react';
import { LISTING_AMENITY_KEYS, type FlagField, type FlagProposal } from '@allstall/shared';
import { accessLabel, AMENITY_CHOICE_LABELS, accessValueText, amenityValueText } from '../../../lib/listing-choices';

const ADDRESS_PARTS = ['street', 'city', 'state'] as const;

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
  const marked = (field: FlagField, text: string) =>
    changed.has(field) ? (
      <mark className="flag-review__changed">
        {text}
        <span className="sr-only"> (changed)</span>
      </mark>
    ) : (
      text
    );
  const withWas = (field: FlagField, text: string, wasText: string | null): ReactNode =>
    changed.has(field) && wasText !== null ? (
      <>
        {marked(field, text)} <span className="flag-review__was">was {wasText}</span>
      </>
    ) : (
      marked(field, text)
    );
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  return (
    <section className="flag-review__values">
      <h3>{heading}</h3>
      <dl>
        <dt>Name</dt>
        <dd>{marked('name', values.name)}</dd>
        <dt>Address</dt>
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
        <dt>Permanently closed</dt>
        <dd>{withWas('is_closed', yesNo(values.is_closed), original ? yesNo(original.is_closed) : null)}</dd>
      </dl>
    </section>
  );
}

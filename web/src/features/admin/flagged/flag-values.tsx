import { Fragment } from 'react';
import type { FlagField, FlagProposal } from '@allstall/shared';

/** The proposal's yes/no fields in the review's words; 'Permanently closed' comes last, on its own. */
export const FLAG_BOXES = [
  { key: 'unisex', label: 'Gender neutral/all-gender' },
  { key: 'accessible', label: 'Wheelchair accessible' },
  { key: 'changing_table', label: 'Changing table' },
  { key: 'is_single_stall', label: 'Single stall' },
  { key: 'menstrual_products', label: 'Menstrual products' },
] as const;

const ADDRESS_PARTS = ['street', 'city', 'state'] as const;

interface FlagValuesProps {
  heading: string;
  values: FlagProposal;
  /** Fields to highlight, as changed by the proposal. */
  changed: ReadonlySet<FlagField>;
}

/** One side of the review: name, address, amenities and 'Permanently closed', changed values marked. */
export function FlagValues({ heading, values, changed }: FlagValuesProps) {
  const shown = (field: FlagField, text: string) =>
    changed.has(field) ? (
      <mark className="flag-review__changed">
        {text}
        <span className="sr-only"> (changed)</span>
      </mark>
    ) : (
      text
    );
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  return (
    <section className="flag-review__values">
      <h3>{heading}</h3>
      <dl>
        <dt>Name</dt>
        <dd>{shown('name', values.name)}</dd>
        <dt>Address</dt>
        <dd>
          {ADDRESS_PARTS.map((part, index) => (
            <span key={part}>
              {index > 0 && ', '}
              {shown(part, values[part] === '' ? '—' : values[part])}
            </span>
          ))}
        </dd>
        {FLAG_BOXES.map(({ key, label }) => (
          <Fragment key={key}>
            <dt>{label}</dt>
            <dd>{shown(key, yesNo(values[key]))}</dd>
          </Fragment>
        ))}
        <dt>Permanently closed</dt>
        <dd>{shown('is_closed', yesNo(values.is_closed))}</dd>
      </dl>
    </section>
  );
}

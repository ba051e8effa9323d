import { Fragment, type ReactNode } from 'react';
import { dayName, dayRangesText, LISTING_AMENITY_KEYS, type FlagChange, type FlagProposal, type WeeklyHours } from '@allstall/shared';
import { EDITOR_DAY_ORDER } from '@/lib/restrooms/hours-input';
import { accessLabel, accessValueText, AMENITY_CHOICE_LABELS, amenityValueText, feeLabel, feeValueText } from '@/lib/restrooms/listing-choices';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';

const ADDRESS_PARTS = ['street', 'city', 'state'] as const;

interface FlagValuesProps {
  heading: string;
  values: FlagProposal;
  /** Fields to highlight, as changed by the proposal. */
  changed: ReadonlySet<FlagChange>;
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
  const marked = (field: FlagChange, text: ReactNode) =>
    changed.has(field) ? (
      <mark className="flag-review__changed">
        {text}
        <span className="sr-only"> {t('admin.flagReview.changed')}</span>
      </mark>
    ) : (
      text
    );
  const withWas = (field: FlagChange, text: string, wasText: string | null): ReactNode =>
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
        {/* Absent on the proposal's side when the person suggested no change to the hours. */}
        {values.hours !== undefined && (
          <>
            <dt>{t('hours.title')}</dt>
            <dd>{marked('hours', <WeekText hours={values.hours} />)}</dd>
          </>
        )}
        <dt>{t('admin.flagReview.permanentlyClosed')}</dt>
        <dd>{withWas('is_closed', amenityValueText(values.is_closed), original ? amenityValueText(original.is_closed) : null)}</dd>
      </dl>
      {children}
    </section>
  );
}

/**
 * A week as the detail page words it, Monday first, every day listed (Sunday-only hours too, which
 * the detail page's panel hides): a proposal is read whole before it is approved.
 */
function WeekText({ hours }: { hours: WeeklyHours }) {
  const t = useT();
  const locale = useIntlLocale();
  if (hours === null || hours.length === 0) return <>{t('hours.unknown')}</>;
  const words = { locale, closed: t('hours.closed'), allDay: t('hours.allDay'), unknown: t('hours.unknown') };
  // Spans a line each rather than a list: the week sits inside <mark> when it changed, which holds only phrasing content.
  return (
    <span className="flag-review__week">
      {EDITOR_DAY_ORDER.map((day) => (
        <span key={day} className="flag-review__day">
          {dayName(day, locale)}: {dayRangesText(hours, day, words) || words.closed}
        </span>
      ))}
    </span>
  );
}

import { useId } from 'react';
import { HOURS_RANGES_PER_DAY_MAX } from '@allstall/shared';
import { NEW_RANGE, weekdayName, type DayHoursInput, type DayMode, type HoursInput, type TimeRangeInput } from '../lib/hours-input';
import type { MessageId } from '../lib/i18n/message-id';
import { useIntlLocale, useT } from '../lib/i18n/use-t';

interface HoursEditorProps {
  value: HoursInput;
  onChange: (value: HoursInput) => void;
  /** Where the hours came from, when they were filled in for the person ("from OpenStreetMap"). */
  note?: string | undefined;
  problem?: string | null | undefined;
}

/**
 * The weekly hours of a new restroom (beyond the spec): unknown, or per day closed, open around the
 * clock, or open in up to four ranges, each a pair of native time inputs.
 */
export function HoursEditor({ value, onChange, note, problem }: HoursEditorProps) {
  const id = useId();
  const t = useT();
  const changeDay = (changed: DayHoursInput) =>
    onChange({ ...value, days: value.days.map((day) => (day.day === changed.day ? changed : day)) });

  return (
    <fieldset className="plain-fieldset hours-editor" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>{t('writes.hours.legend')}</legend>
      {note && <p className="field__hint">{note}</p>}
      <label className="checkbox">
        <input type="checkbox" checked={!value.known} onChange={(event) => onChange({ ...value, known: !event.target.checked })} />
        {t('writes.hours.unknown')}
      </label>
      {problem && (
        <p id={`${id}-problem`} className="field__problem" role="alert">
          {problem}
        </p>
      )}
      {value.known && (
        <ul className="hours-editor__days">
          {value.days.map((day) => (
            <DayEditor key={day.day} id={`${id}-${day.day}`} value={day} onChange={changeDay} />
          ))}
        </ul>
      )}
    </fieldset>
  );
}

const MODE_LABELS: ReadonlyArray<[DayMode, MessageId]> = [
  ['closed', 'writes.hours.closed'],
  ['open', 'writes.hours.open'],
  ['all-day', 'writes.hours.allDay'],
];

/** 'lunes' → 'Lunes': a day's name alone, as a label, starts with a capital in every language. */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function DayEditor({ id, value, onChange }: { id: string; value: DayHoursInput; onChange: (value: DayHoursInput) => void }) {
  const t = useT();
  // The name as it sits inside a sentence ('Monday', 'lunes'), and alone as the row's label.
  const dayName = weekdayName(value.day, useIntlLocale());
  const dayLabel = capitalised(dayName);
  const setMode = (mode: DayMode) =>
    // A day opened by hand gets a typical range to adjust rather than two blank inputs.
    onChange({ ...value, mode, ranges: mode === 'open' && value.ranges.length === 0 ? [NEW_RANGE] : value.ranges });
  const setRange = (index: number, range: TimeRangeInput) =>
    onChange({ ...value, ranges: value.ranges.map((old, at) => (at === index ? range : old)) });
  // Ranges after the first are numbered for screen readers: "Monday opens, 2".
  const numbered = (index: number, first: MessageId, later: MessageId, day: string) =>
    index === 0 ? t(first, { day }) : t(later, { day, n: index + 1 });

  return (
    <li className="hours-editor__day">
      <label htmlFor={`${id}-mode`} className="hours-editor__day-name">
        {dayLabel}
      </label>
      <select id={`${id}-mode`} value={value.mode} onChange={(event) => setMode(event.target.value as DayMode)}>
        {MODE_LABELS.map(([mode, label]) => (
          <option key={mode} value={mode}>
            {t(label)}
          </option>
        ))}
      </select>
      {value.mode === 'open' && (
        <div className="hours-editor__ranges">
          {value.ranges.map((range, index) => (
            <div key={index} className="hours-editor__range">
              <input
                type="time"
                aria-label={numbered(index, 'writes.hours.opens', 'writes.hours.opensNumbered', dayLabel)}
                value={range.open}
                onChange={(event) => setRange(index, { ...range, open: event.target.value })}
              />
              <span aria-hidden="true">{t('writes.hours.to')}</span>
              <input
                type="time"
                aria-label={numbered(index, 'writes.hours.closes', 'writes.hours.closesNumbered', dayLabel)}
                value={range.close}
                onChange={(event) => setRange(index, { ...range, close: event.target.value })}
              />
              {value.ranges.length > 1 && (
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-label={numbered(index, 'writes.hours.removeLabel', 'writes.hours.removeLabelNumbered', dayName)}
                  onClick={() => onChange({ ...value, ranges: value.ranges.filter((_, at) => at !== index) })}
                >
                  {t('writes.hours.remove')}
                </button>
              )}
            </div>
          ))}
          {value.ranges.length < HOURS_RANGES_PER_DAY_MAX && (
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={t('writes.hours.addLabel', { day: dayName })}
              onClick={() => onChange({ ...value, ranges: [...value.ranges, { open: '', close: '' }] })}
            >
              {t('writes.hours.add')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

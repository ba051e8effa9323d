import { useId } from 'react';
import { DAY_NAMES, HOURS_RANGES_PER_DAY_MAX } from '@allstall/shared';
import { NEW_RANGE, type DayHoursInput, type DayMode, type HoursInput, type TimeRangeInput } from '../lib/hours-input';

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
  const changeDay = (changed: DayHoursInput) =>
    onChange({ ...value, days: value.days.map((day) => (day.day === changed.day ? changed : day)) });

  return (
    <fieldset className="plain-fieldset hours-editor" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>Opening hours</legend>
      {note && <p className="field__hint">{note}</p>}
      <label className="checkbox">
        <input type="checkbox" checked={!value.known} onChange={(event) => onChange({ ...value, known: !event.target.checked })} />
        Hours unknown
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

const MODE_LABELS: ReadonlyArray<[DayMode, string]> = [
  ['closed', 'Closed'],
  ['open', 'Open'],
  ['all-day', 'Open 24 hours'],
];

function DayEditor({ id, value, onChange }: { id: string; value: DayHoursInput; onChange: (value: DayHoursInput) => void }) {
  const dayName = DAY_NAMES[value.day] ?? '';
  const setMode = (mode: DayMode) =>
    // A day opened by hand gets a typical range to adjust rather than two blank inputs.
    onChange({ ...value, mode, ranges: mode === 'open' && value.ranges.length === 0 ? [NEW_RANGE] : value.ranges });
  const setRange = (index: number, range: TimeRangeInput) =>
    onChange({ ...value, ranges: value.ranges.map((old, at) => (at === index ? range : old)) });
  // Ranges after the first are numbered for screen readers: "Monday opens, 2".
  const suffix = (index: number) => (index === 0 ? '' : `, ${index + 1}`);

  return (
    <li className="hours-editor__day">
      <label htmlFor={`${id}-mode`} className="hours-editor__day-name">
        {dayName}
      </label>
      <select id={`${id}-mode`} value={value.mode} onChange={(event) => setMode(event.target.value as DayMode)}>
        {MODE_LABELS.map(([mode, label]) => (
          <option key={mode} value={mode}>
            {label}
          </option>
        ))}
      </select>
      {value.mode === 'open' && (
        <div className="hours-editor__ranges">
          {value.ranges.map((range, index) => (
            <div key={index} className="hours-editor__range">
              <input
                type="time"
                aria-label={`${dayName} opens${suffix(index)}`}
                value={range.open}
                onChange={(event) => setRange(index, { ...range, open: event.target.value })}
              />
              <span aria-hidden="true">to</span>
              <input
                type="time"
                aria-label={`${dayName} closes${suffix(index)}`}
                value={range.close}
                onChange={(event) => setRange(index, { ...range, close: event.target.value })}
              />
              {value.ranges.length > 1 && (
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-label={`Remove ${dayName} hours${suffix(index)}`}
                  onClick={() => onChange({ ...value, ranges: value.ranges.filter((_, at) => at !== index) })}
                >
                  Remove
                </button>
              )}
            </div>
          ))}
          {value.ranges.length < HOURS_RANGES_PER_DAY_MAX && (
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Add hours on ${dayName}`}
              onClick={() => onChange({ ...value, ranges: [...value.ranges, { open: '', close: '' }] })}
            >
              Add hours
            </button>
          )}
        </div>
      )}
    </li>
  );
}

import { useId, useState } from 'react';
import { HOURS_RANGES_PER_DAY_MAX } from '@allstall/shared';
import {
  allDaysSame,
  dayToRepeat,
  everyDayLike,
  NEW_RANGE,
  weekdayName,
  type DayHoursInput,
  type DayMode,
  type HoursInput,
  type TimeRangeInput,
} from '../lib/restrooms/hours-input';
import type { MessageId } from '../lib/i18n/message-id';
import { useIntlLocale, useT, type Translate } from '../lib/i18n/use-t';

interface HoursEditorProps {
  value: HoursInput;
  onChange: (value: HoursInput) => void;
  /** Where the hours came from, when they were filled in for the person ("from OpenStreetMap"). */
  note?: string | undefined;
  problem?: string | null | undefined;
}

/**
 * The weekly hours of a new restroom (beyond the spec): unknown, or per day closed, open around the
 * clock, or open in up to four ranges, each a pair of native time inputs. 'Same hours every day'
 * shows one row, 'Every day', whose hours go to all seven days; turned off, the seven rows start
 * from those hours and each can be changed on its own.
 */
export function HoursEditor({ value, onChange, note, problem }: HoursEditorProps) {
  const id = useId();
  const t = useT();
  const dayWords = useDayWords();
  // On when the week opens alike every day (an unknown week is seven closed days, so a new restroom
  // starts with one row). The editor's own state: turning it off must not turn back on by itself.
  const [sameEveryDay, setSameEveryDay] = useState(() => allDaysSame(value.days));
  const template = dayToRepeat(value);
  const changeDay = (changed: DayHoursInput) =>
    onChange({ ...value, days: value.days.map((day) => (day.day === changed.day ? changed : day)) });
  const turnSameEveryDay = (on: boolean) => {
    setSameEveryDay(on);
    if (on && template) onChange(everyDayLike(value, template));
  };

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
        <>
          <label className="checkbox">
            <input type="checkbox" checked={sameEveryDay} onChange={(event) => turnSameEveryDay(event.target.checked)} />
            {t('writes.hours.sameEveryDay')}
          </label>
          <ul className="hours-editor__days">
            {sameEveryDay && template ? (
              <DayEditor
                id={`${id}-every`}
                value={template}
                words={everyDayWords(t)}
                onChange={(changed) => onChange(everyDayLike(value, changed))}
              />
            ) : (
              value.days.map((day) => <DayEditor key={day.day} id={`${id}-${day.day}`} value={day} words={dayWords(day.day)} onChange={changeDay} />)
            )}
          </ul>
        </>
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

/** What a row's controls are called: a weekday's row, or the one row for every day. */
interface DayWords {
  label: string;
  /** 'Monday opens', then 'Monday opens, 2' for the ranges after the first. */
  opens: (index: number) => string;
  closes: (index: number) => string;
  add: string;
  remove: (index: number) => string;
}

/** Ranges after the first are numbered for screen readers: "Monday opens, 2". */
function numbered(t: Translate, index: number, first: MessageId, later: MessageId, values: Record<string, string> = {}): string {
  return index === 0 ? t(first, values) : t(later, { ...values, n: index + 1 });
}

/** A row's words around its label: how the two time inputs of each range are named follows from it. */
function rowWords(t: Translate, label: string, add: string, remove: DayWords['remove']): DayWords {
  return {
    label,
    opens: (index) => numbered(t, index, 'writes.hours.opens', 'writes.hours.opensNumbered', { day: label }),
    closes: (index) => numbered(t, index, 'writes.hours.closes', 'writes.hours.closesNumbered', { day: label }),
    add,
    remove,
  };
}

/** The words of a weekday's row, in the active language. */
function useDayWords(): (day: number) => DayWords {
  const t = useT();
  const locale = useIntlLocale();
  return (day) => {
    // The name as it sits inside a sentence ('Monday', 'lunes'), and alone as the row's label.
    const dayName = weekdayName(day, locale);
    return rowWords(t, capitalised(dayName), t('writes.hours.addLabel', { day: dayName }), (index) =>
      numbered(t, index, 'writes.hours.removeLabel', 'writes.hours.removeLabelNumbered', { day: dayName }),
    );
  };
}

/** The words of the 'Every day' row: Spanish says "del lunes" but "de todos los días", so add and remove have their own messages. */
function everyDayWords(t: Translate): DayWords {
  return rowWords(t, t('writes.hours.everyDay'), t('writes.hours.everyDayAddLabel'), (index) =>
    numbered(t, index, 'writes.hours.everyDayRemoveLabel', 'writes.hours.everyDayRemoveLabelNumbered'),
  );
}

function DayEditor({ id, value, words, onChange }: { id: string; value: DayHoursInput; words: DayWords; onChange: (value: DayHoursInput) => void }) {
  const t = useT();
  const setMode = (mode: DayMode) =>
    // A day opened by hand gets a typical range to adjust rather than two blank inputs.
    onChange({ ...value, mode, ranges: mode === 'open' && value.ranges.length === 0 ? [NEW_RANGE] : value.ranges });
  const setRange = (index: number, range: TimeRangeInput) =>
    onChange({ ...value, ranges: value.ranges.map((old, at) => (at === index ? range : old)) });

  return (
    <li className="hours-editor__day">
      <label htmlFor={`${id}-mode`} className="hours-editor__day-name">
        {words.label}
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
                aria-label={words.opens(index)}
                value={range.open}
                onChange={(event) => setRange(index, { ...range, open: event.target.value })}
              />
              <span aria-hidden="true">{t('writes.hours.to')}</span>
              <input
                type="time"
                aria-label={words.closes(index)}
                value={range.close}
                onChange={(event) => setRange(index, { ...range, close: event.target.value })}
              />
              {value.ranges.length > 1 && (
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-label={words.remove(index)}
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
              aria-label={words.add}
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

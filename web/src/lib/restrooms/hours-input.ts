import { Type } from 'typebox';
import { HOURS_RANGES_PER_DAY_MAX, type HoursRange, type WeeklyHours, type WriteProblem } from '@allstall/shared';
import { activeIntlLocale, t } from '../i18n/i18n';

/*
 * The weekly hours editor's state and its two-way conversion with the data's hours. The data keeps
 * times as HHMM numbers (930); `<input type="time">` speaks 'HH:MM' text ('09:30', '' while unfilled).
 */

/** One opening range as the time inputs hold it. */
export interface TimeRangeInput {
  open: string;
  close: string;
}

/** Closed all day, open in one or more ranges, or open around the clock (stored as open = close = 0). */
export type DayMode = 'closed' | 'open' | 'all-day';

export interface DayHoursInput {
  /** 0 Sunday .. 6 Saturday, as in the data. */
  day: number;
  mode: DayMode;
  /** Kept while the day is closed, so closing and reopening a day does not lose its times. */
  ranges: TimeRangeInput[];
}

/** The editor: whether the hours are known at all (unknown is sent as null) and one row per day, Monday first. */
export interface HoursInput {
  known: boolean;
  days: DayHoursInput[];
}

/** The editor's state as a schema, for drafts stashed while their author logs in (they may come from an older app). */
export const HoursInputSchema = Type.Object({
  known: Type.Boolean(),
  days: Type.Array(
    Type.Object({
      day: Type.Integer({ minimum: 0, maximum: 6 }),
      mode: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('all-day')]),
      ranges: Type.Array(Type.Object({ open: Type.String(), close: Type.String() })),
    }),
  ),
});

/** A calendar week as people read it, as the hours panel shows it: Monday first, Sunday last. */
export const EDITOR_DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
/** What a day opened by hand starts with. */
export const NEW_RANGE: TimeRangeInput = { open: '09:00', close: '17:00' };
/** Where a problem with the hours is reported, matching the body's own field name. */
export const HOURS_FIELD = 'bathroomHours';

/**
 * A day's name in the active language, as `Intl` writes it inside a sentence: 'Monday', 'lunes'.
 * 0 is Sunday, as in the data; 1 Jan 2023 was one.
 */
export function weekdayName(day: number, locale: string = activeIntlLocale()): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + day));
}

/** 930 → '09:30', 0 → '00:00'. */
export function hhmmToTimeValue(hhmm: number): string {
  const hours = Math.floor(hhmm / 100);
  const minutes = hhmm % 100;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** '09:30' → 930; seconds, if a browser adds them, are dropped; null for '' or anything not a time of day. */
export function timeValueToHhmm(value: string): number | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 100 + minutes;
}

/** Each day's ranges from the data, earliest first; a range with open = close is the day open around the clock. */
export function hoursInputOf(hours: WeeklyHours): HoursInput {
  const days = EDITOR_DAY_ORDER.map((day): DayHoursInput => {
    const ranges = (hours ?? []).filter((range) => range.day === day).sort((a, b) => a.open - b.open);
    if (ranges.length === 0) return { day, mode: 'closed', ranges: [] };
    if (ranges.some((range) => range.open === range.close)) return { day, mode: 'all-day', ranges: [] };
    return {
      day,
      mode: 'open',
      ranges: ranges.slice(0, HOURS_RANGES_PER_DAY_MAX).map((range) => ({ open: hhmmToTimeValue(range.open), close: hhmmToTimeValue(range.close) })),
    };
  });
  return { known: hours !== null && hours.length > 0, days };
}

/** Two days the editor would show alike: the same choice and, when open, the same ranges (a closed day's kept times do not count). */
function sameHours(a: DayHoursInput, b: DayHoursInput): boolean {
  if (a.mode !== b.mode) return false;
  if (a.mode !== 'open') return true;
  return a.ranges.length === b.ranges.length && a.ranges.every((range, at) => range.open === b.ranges[at]?.open && range.close === b.ranges[at]?.close);
}

/** Every day of the week has the hours of the first: 'Same hours every day' starts on for them. */
export function allDaysSame(days: readonly DayHoursInput[]): boolean {
  const [first, ...rest] = days;
  return first === undefined || rest.every((day) => sameHours(first, day));
}

/**
 * The day whose hours 'Same hours every day' spreads when it is turned on: the first day that opens
 * (a museum closed on Mondays means its other days), or the first day when none does.
 */
export function dayToRepeat(input: HoursInput): DayHoursInput | undefined {
  return input.days.find((day) => day.mode !== 'closed') ?? input.days[0];
}

/** The week with `template`'s hours on all seven days, each with its own copy of the ranges. */
export function everyDayLike(input: HoursInput, template: DayHoursInput): HoursInput {
  return { ...input, days: input.days.map(({ day }) => ({ day, mode: template.mode, ranges: template.ranges.map((range) => ({ ...range })) })) };
}

export type WeeklyHoursResult = { hours: WeeklyHours; problem: null } | { hours: null; problem: WriteProblem };

/**
 * The hours to send, or what keeps them from going (said in the active language): a range missing a time, a range that opens and
 * closes at the same minute (that would read as open around the clock), or a known week with no
 * opening at all (that is what 'Hours unknown' is for; the data never holds an empty week).
 */
export function weeklyHoursOf(input: HoursInput): WeeklyHoursResult {
  if (!input.known) return { hours: null, problem: null };
  // Seven alike days are one row, 'Every day', in the editor: a problem names that row, not Monday.
  const everyDay = allDaysSame(input.days);
  const hours: HoursRange[] = [];
  for (const { day, mode, ranges } of input.days) {
    const dayName = weekdayName(day);
    if (mode === 'all-day') hours.push({ day, open: 0, close: 0 });
    if (mode !== 'open') continue;
    if (ranges.length === 0) return refused(everyDay ? t('writes.hours.everyDayAddHours') : t('writes.hours.addHoursFor', { day: dayName }));
    for (const range of ranges) {
      const open = timeValueToHhmm(range.open);
      const close = timeValueToHhmm(range.close);
      if (open === null || close === null) {
        return refused(everyDay ? t('writes.hours.everyDayEnterBothTimes') : t('writes.hours.enterBothTimes', { day: dayName }));
      }
      if (open === close) return refused(everyDay ? t('writes.hours.everyDaySameTime') : t('writes.hours.sameTime', { day: dayName }));
      hours.push({ day, open, close });
    }
  }
  if (hours.length === 0) return refused(t('writes.hours.noDays'));
  return { hours, problem: null };
}

function refused(message: string): WeeklyHoursResult {
  return { hours: null, problem: { field: HOURS_FIELD, message } };
}

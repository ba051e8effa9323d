/** A wall-clock reading in one time zone: the day of the week (0 Sunday .. 6 Saturday) and minutes since midnight. */
export interface LocalClock {
  day: number;
  minutes: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // hourCycle h23 keeps midnight as 00, not 24, which some engines print with hour12: false.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * What a clock on the wall in `timeZone` shows at the instant `at`. Going through Intl rather than
 * adding a fixed offset is what makes daylight-saving days right: on the spring-forward Sunday there
 * is no 2:30am, and on the fall-back Sunday 1:30am happens twice; both readings are what a person
 * standing at the door would see.
 */
export function clockInTimeZone(at: Date, timeZone: string): LocalClock {
  let weekday = '';
  let hour = 0;
  let minute = 0;
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type === 'weekday') weekday = part.value;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day: WEEKDAYS.indexOf(weekday), minutes: hour * 60 + minute };
}

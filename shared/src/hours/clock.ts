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

/**
 * The zone a restroom's hours are read in: its own (looked up from its position on the server),
 * else the region's (docs/product-rules.md#opening-hours-and-open-now). `undefined` too: a
 * restroom kept on a device from before zones were sent has none.
 */
export function restroomTimeZone(own: string | null | undefined, regionTimeZone: string): string {
  return own ?? regionTimeZone;
}

/** Reads the wall clock of any zone at one instant, each zone once. */
export type ClocksAt = (own: string | null | undefined) => LocalClock;

/**
 * The clocks at the instant `at`, for testing many restrooms at once: each distinct zone costs one
 * Intl conversion per call, however many restrooms share it
 * (docs/performance.md#open-now-in-several-time-zones). A restroom without a zone of its own is
 * read on `regionTimeZone`.
 */
export function clocksAt(at: Date, regionTimeZone: string): ClocksAt {
  const read = new Map<string, LocalClock>();
  return (own) => {
    const zone = own ?? regionTimeZone;
    let clock = read.get(zone);
    if (clock === undefined) {
      clock = clockInTimeZone(at, zone);
      read.set(zone, clock);
    }
    return clock;
  };
}

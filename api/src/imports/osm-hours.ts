import { weeklyHoursProblem, type WeeklyHours } from '@allstall/shared';
import { parseOpeningHours } from '../geocoding/opening-hours.js';

/**
 * OpenStreetMap hours as a timetable our screens can show, or unknown. A tag that reads as more
 * than a plain week (five ranges on a day, say) is left unknown rather than refused with the import.
 */
export function timetableOrUnknown(text: string): WeeklyHours {
  const hours = parseOpeningHours(text);
  return hours !== null && weeklyHoursProblem(hours) === null ? hours : null;
}

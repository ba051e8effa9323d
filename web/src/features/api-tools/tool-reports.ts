import type { GeocodeToolReport, HoursToolReport } from '@allstall/shared';

/** The geocoding report after 'Continue': what every batch so far did, and where the latest left off. */
export function geocodeReportsJoined(before: GeocodeToolReport, next: GeocodeToolReport): GeocodeToolReport {
  return {
    checked: before.checked + next.checked,
    updated: [...before.updated, ...next.updated],
    notFound: [...before.notFound, ...next.notFound],
    remaining: next.remaining,
    nextAfterId: next.nextAfterId,
  };
}

/** The hours report after 'Continue': what every batch of the range so far did, and where the latest left off. */
export function hoursReportsJoined(before: HoursToolReport, next: HoursToolReport): HoursToolReport {
  return {
    checked: before.checked + next.checked,
    updated: [...before.updated, ...next.updated],
    unchanged: before.unchanged + next.unchanged,
    noPlace: before.noPlace + next.noPlace,
    failed: before.failed + next.failed,
    remaining: next.remaining,
    nextMinId: next.nextMinId,
  };
}

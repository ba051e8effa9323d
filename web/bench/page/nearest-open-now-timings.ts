/** What the nearest-open-now probe reports from inside the page. */
export interface NearestOpenNowTimings {
  storedRows: number;
  /** Reading every restroom out of IndexedDB, as the list's live query does. */
  readMs: number;
  /** One entry per run: ordering, filtering and taking the first rows, in memory. */
  runsMs: number[];
  shownRows: number;
}

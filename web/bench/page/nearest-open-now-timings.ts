/** What the nearest-open-now probe reports from inside the page. */
export interface NearestOpenNowTimings {
  storedRows: number;
  /** Reading every restroom out of IndexedDB, as the list's live query does. */
  readMs: number;
  /** Building the grid of the mirror's positions, once per mirror read. */
  indexMs: number;
  /** One entry per run: the first rows nearest first with the filter applied, and their count, in memory. */
  runsMs: number[];
  shownRows: number;
  /** The count 'Showing 20 of N' gives. */
  matchingRows: number;
}

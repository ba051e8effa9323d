/** What the nearest-open-now probe reports from inside the page. */
export interface NearestOpenNowTimings {
  storedRows: number;
  /** Reading every restroom out of IndexedDB in one request (and expanding compact rows), before the lists. */
  readMs: number;
  /** The first list over the mirror read, which also builds the grid of positions and the filter columns. */
  firstMs: number;
  /** One entry per later run (a minute tick, a moved origin): the first rows nearest first with the filter applied, and their count, in memory. */
  runsMs: number[];
  shownRows: number;
  /** The count 'Showing 20 of N' gives. */
  matchingRows: number;
}

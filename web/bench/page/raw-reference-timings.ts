/** What the raw-reference probe reports from inside the page, in ms. */
export interface RawReferenceTimings {
  rows: number;
  /** What was downloaded: the first-sync snapshot, or (a server without one) every page of the feed. */
  source: 'snapshot' | 'feed';
  /** Request to the last byte of the body, over the wire (no HTTP cache), decompressed by the browser. */
  fetchMs: number;
  /** JSON.parse of every line or page (and, for feed pages, making each row compact). */
  parseMs: number;
  /** How many records of 500 rows the rows made. */
  records: number;
  /** The compact rows put as records of 500 in one transaction of a scratch IndexedDB, to its commit. */
  storeRecordsMs: number;
  /** The same rows as one JSON string, stringified and put, to its commit. */
  storeBlobMs: number;
  /** Opening the scratch database afresh and reading every record in one request. */
  readRecordsMs: number;
  /** Reading the one string back and parsing it. */
  readBlobMs: number;
}

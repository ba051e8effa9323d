/*
 * The raw reference beside the app's first-sync and cold-start times: what the same browser takes to
 * fetch and parse the same bytes the device downloaded, store the same rows the simplest fast way,
 * and read them back, with no app at all. Runs in a page of the app's origin (a page that loads no
 * app script) and writes only to a scratch database it deletes afterwards. Built by
 * bench/support/page-bundle.ts; never part of the app.
 */
import { compactRestroom, snapshotRowsOfColumns, type CompactRestroom, type SyncPage } from '@allstall/shared';
import type { RawReferenceTimings } from './raw-reference-timings';

const SCRATCH_DB = 'allstall-bench-raw';
const ROWS_PER_RECORD = 500;

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

const done = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });

function openScratch(): Promise<IDBDatabase> {
  const open = indexedDB.open(SCRATCH_DB, 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore('records');
    open.result.createObjectStore('blob');
  };
  return request(open);
}

/** Fetched and parsed: the compact rows, and how long the waiting for bytes and the parsing took. */
interface Downloaded {
  rows: CompactRestroom[];
  fetchMs: number;
  parseMs: number;
  source: 'snapshot' | 'feed';
}

/**
 * The first-sync snapshot when the server has one (every line parsed), else every page of the feed
 * as a device without one pulls it (each parsed and its rows made compact). `no-store`: the bytes
 * come over the wire, not from the browser's cache.
 */
async function download(): Promise<Downloaded> {
  let fetchMs = 0;
  let parseMs = 0;
  let start = performance.now();
  const snapshot = await fetch('/api/sync/snapshot', { cache: 'no-store' });
  if (snapshot.ok) {
    const text = await snapshot.text();
    fetchMs = performance.now() - start;
    start = performance.now();
    const rows: CompactRestroom[] = [];
    for (const line of text.split('\n')) {
      if (line === '') continue;
      const parsed = JSON.parse(line) as { restroomColumns?: unknown[][] };
      if (parsed.restroomColumns) for (const row of snapshotRowsOfColumns(parsed.restroomColumns) ?? []) rows.push(row as CompactRestroom);
    }
    return { rows, fetchMs, parseMs: performance.now() - start, source: 'snapshot' };
  }
  await snapshot.body?.cancel();
  const rows: CompactRestroom[] = [];
  let since: string | null = null;
  for (;;) {
    start = performance.now();
    const answer = await fetch(since === null ? '/api/sync' : `/api/sync?since=${since}`, { cache: 'no-store' });
    if (!answer.ok) throw new Error(`/api/sync answered ${answer.status}`);
    const text = await answer.text();
    fetchMs += performance.now() - start;
    start = performance.now();
    const page = JSON.parse(text) as SyncPage;
    for (const restroom of page.restrooms) rows.push(compactRestroom(restroom));
    parseMs += performance.now() - start;
    since = page.cursor;
    if (!page.more) break;
  }
  return { rows, fetchMs, parseMs, source: 'feed' };
}

async function measureRawReference(): Promise<RawReferenceTimings> {
  await request(indexedDB.deleteDatabase(SCRATCH_DB));
  const downloaded = await download();
  const { rows } = downloaded;

  let db = await openScratch();
  let start = performance.now();
  const writeRecords = db.transaction('records', 'readwrite');
  for (let from = 0, key = 0; from < rows.length; from += ROWS_PER_RECORD, key++) {
    writeRecords.objectStore('records').put(rows.slice(from, from + ROWS_PER_RECORD), key);
  }
  await done(writeRecords);
  const storeRecordsMs = performance.now() - start;

  start = performance.now();
  const writeBlob = db.transaction('blob', 'readwrite');
  writeBlob.objectStore('blob').put(JSON.stringify(rows), 0);
  await done(writeBlob);
  const storeBlobMs = performance.now() - start;
  db.close();

  // Read back as a cold start would: a fresh connection, every record in one request.
  start = performance.now();
  db = await openScratch();
  const records = await request(db.transaction('records').objectStore('records').getAll());
  const readRecordsMs = performance.now() - start;
  const readRows = (records as CompactRestroom[][]).reduce((sum, record) => sum + record.length, 0);

  start = performance.now();
  const blob = await request(db.transaction('blob').objectStore('blob').get(0));
  const blobRows = (JSON.parse(blob as string) as unknown[]).length;
  const readBlobMs = performance.now() - start;
  db.close();
  await request(indexedDB.deleteDatabase(SCRATCH_DB));

  if (readRows !== rows.length || blobRows !== rows.length) throw new Error(`stored ${rows.length} rows, read back ${readRows} and ${blobRows}`);
  return {
    rows: rows.length,
    source: downloaded.source,
    fetchMs: downloaded.fetchMs,
    parseMs: downloaded.parseMs,
    records: Math.ceil(rows.length / ROWS_PER_RECORD),
    storeRecordsMs,
    storeBlobMs,
    readRecordsMs,
    readBlobMs,
  };
}

(globalThis as unknown as { measureRawReference: typeof measureRawReference }).measureRawReference = measureRawReference;

import { COMPACT_AT, COMPACT_REMOVED_BIT, expandRestroom, type CompactRestroom, type Restroom } from '@allstall/shared';
import type { AllstallDb } from '../db/db';
import { systemClock, type Clock } from '../device/clock';
import type { StoredColumns } from '../restrooms/restroom-columns';
import { BUCKET_COUNT, bucketOf } from './buckets';
import { mirrorGeneration, readStoredColumns } from './stored-columns';

/**
 * The mirror as one version of it: every visible restroom (approved, not removed), in no promised
 * order, either as its compact rows or, after a cold start that found the stored column index
 * current, as those columns (`lib/sync/stored-columns.ts`) with the rows looked up by id. Its rows
 * never change once made (compact rows are replaced, never altered); the store makes a new view per
 * version, which costs one pass over the rows (no IndexedDB, no expansion).
 */
export interface MirrorView {
  readonly version: number;
  /** The visible rows; null when the view reads `columns` instead. */
  readonly rows: readonly CompactRestroom[] | null;
  /** The stored column index, while it still describes every row the store holds; null once anything changed. */
  readonly columns: StoredColumns | null;
  /**
   * False while a cold start is still reading rows behind the stored columns: only the list and the
   * map read such a view (`getFirstScreenView`), and a row not read yet is read next when asked for.
   */
  readonly complete: boolean;
  /** The compact row with this id, visible or not, if memory holds it yet. */
  compact(id: string): CompactRestroom | undefined;
  /** The restroom with this id, visible or not, as the store holds it now (a screen re-reads it per version anyway). */
  get(id: string): Restroom | undefined;
}

export function compactIsPublic(row: CompactRestroom): boolean {
  return row[COMPACT_AT.status] === 'approved' && (row[COMPACT_AT.flags] & COMPACT_REMOVED_BIT) === 0;
}

/** A cold start behind the stored columns reads this many buckets at a time: a short task each, and a row asked for waits for one read at most. */
const BUCKETS_PER_READ = 16;
/**
 * How long a cold start behind the stored columns waits for the list or the map to ask for rows
 * before it reads buckets in no order: reading 16 buckets nobody asked for first cost the first row
 * about 100 ms at 10,000 restrooms. The first screen asks as soon as it draws from the columns.
 */
const FIRST_ASK_MS = 100;


/**
 * Fields most restrooms share a few values of (a country's states, zones, a few importers): each
 * row arrives with its own copy of every string (IndexedDB and a worker's messages clone them), so
 * the store keeps one copy per value, some 150 bytes a restroom (docs/offline-data.md).
 */
const REPEATED_TEXT = [COMPACT_AT.city, COMPACT_AT.state, COMPACT_AT.country, COMPACT_AT.status, COMPACT_AT.source, COMPACT_AT.username, COMPACT_AT.time_zone, COMPACT_AT.access, COMPACT_AT.fee];

/** However slow the redraws, a first sync's progress shows at least every redraw plus this long. */
const MAX_BULK_PACE_MS = 3000;

export interface MirrorStoreOptions {
  /** While a bulk load runs, subscribers hear of changes at most this often. */
  bulkNotifyMs?: number;
  clock?: Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;
}

/**
 * The device's restrooms in this tab's memory, read once from IndexedDB on start and then changed
 * row by row by the mirror writer (this tab's writes) and by re-reading the buckets another tab or
 * the service worker says it wrote. The list, the map, the detail page and every other screen read
 * restrooms from here, never from IndexedDB.
 */
export class MirrorStore {
  private readonly rows = new Map<string, CompactRestroom>();
  /**
   * The ids in each bucket, so a bucket can be written out or replaced without hashing every id.
   * Made on first need (another tab's write, a deletion, a flush from memory) and kept up from then
   * on: a page whose first sync the snapshot worker stores never needs it while 100,000 rows arrive,
   * and hashing each id as it came cost the main thread a third of a second.
   */
  private bucketIdSets: Set<string>[] | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly bulkNotifyMs: number;
  private version = 0;
  private view: MirrorView | undefined;
  private bulkDepth = 0;
  private notifyTimer: unknown = null;
  private readonly clock: Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;
  private lastNotified = 0;
  /** How long the last notification kept the page busy (the listeners and the render they asked for), and when that ended. */
  private lastNotifyCostMs = 0;
  private lastRedrawEnd = Number.NEGATIVE_INFINITY;
  private loadedFlag = false;
  private loading: Promise<void> | null = null;
  /** The stored column index read at the start, until the first change makes it stale. */
  private columns: StoredColumns | null = null;
  /** Buckets a first screen asked for before the cold start had read them: read next. */
  private readonly wanted = new Set<number>();
  /** Ends the cold start's wait for the first screen to ask for rows. */
  private asked: (() => void) | null = null;
  /** One copy of each value of the REPEATED_TEXT fields. */
  private readonly texts = new Map<string, string>();

  constructor(options: MirrorStoreOptions = {}) {
    this.bulkNotifyMs = options.bulkNotifyMs ?? 300;
    this.clock = options.clock ?? systemClock;
  }

  get loaded(): boolean {
    return this.loadedFlag;
  }

  /** How many restrooms (visible or not) the store holds. */
  get size(): number {
    return this.rows.size;
  }

  /**
   * Reads every bucket once; later calls share the first. When the stored column index is current,
   * the list and the map draw from it at once (`getFirstScreenView`) while the buckets are read a
   * few at a time, those holding a row they asked for first (docs/offline-data.md#the-column-index).
   */
  load(db: AllstallDb): Promise<void> {
    this.loading ??= (async () => {
      // One transaction: the buckets read when the columns are stale are those the columns were checked against.
      const [stored, records, staged] = await db.transaction('r', db.meta, db.restroomIndex, db.restroomBuckets, db.stagedRows, async () => {
        // A first sync under way has rows staged beside the buckets, which no column index describes.
        const staging = await db.stagedRows.toArray();
        const fresh = staging.length === 0 ? await readStoredColumns(db) : null;
        return [fresh, fresh === null ? await db.restroomBuckets.toArray() : [], staging] as const;
      });
      if (stored === null) {
        for (const record of records) this.putBucket(record.bucket, record.rows);
        // Staged rows are newer than the buckets' (a first sync's, merged there at its end).
        for (const record of staged) this.putAll(record.rows);
      } else {
        this.columns = stored.columns;
        // The rows a start without a shared position shows first, ready before any bucket is read.
        this.putAll(stored.nearby);
        this.changed();
        await this.readBehindColumns(db, stored.generation);
      }
      this.loadedFlag = true;
      this.changed();
    })();
    return this.loading;
  }

  private async readBehindColumns(db: AllstallDb, generation: number): Promise<void> {
    await new Promise<void>((resolve) => {
      this.asked = resolve;
      this.clock.setTimeout(resolve, FIRST_ASK_MS);
    });
    this.asked = null;
    const unread = new Set(Array.from({ length: BUCKET_COUNT }, (_, bucket) => bucket));
    while (unread.size > 0) {
      const asked = [...this.wanted].filter((bucket) => unread.has(bucket));
      this.wanted.clear();
      const batch = asked.length > 0 ? asked : [...unread].slice(0, BUCKETS_PER_READ);
      const [now, records] = await db.transaction('r', db.meta, db.restroomBuckets, () =>
        Promise.all([mirrorGeneration(db), db.restroomBuckets.bulkGet(batch)]),
      );
      // Another tab or the service worker wrote meanwhile: the columns no longer describe the rows.
      if (now !== generation) this.columns = null;
      batch.forEach((bucket, at) => {
        unread.delete(bucket);
        this.putBucket(bucket, records[at]?.rows ?? []);
      });
      if (asked.length > 0 && this.columns !== null) this.changed();
    }
  }

  /** Starts the store from rows already in hand instead of IndexedDB (unit tests, benches). */
  loadRows(rows: readonly CompactRestroom[]): this {
    this.loading ??= Promise.resolve().then(() => undefined);
    this.putAll(rows);
    this.loadedFlag = true;
    this.changed();
    return this;
  }

  /** Resolves once `load` has finished (writers wait for it, so a load cannot overwrite what they applied). */
  async ready(): Promise<void> {
    if (!this.loading) throw new Error('MirrorStore.load was never called');
    await this.loading;
  }

  /** Another tab or the service worker rewrote these buckets: take them as IndexedDB now holds them. */
  async reloadBuckets(db: AllstallDb, buckets: readonly number[]): Promise<void> {
    if (!this.loading) return;
    await this.loading;
    const [records, staged] = await db.transaction('r', db.restroomBuckets, db.stagedRows, () =>
      Promise.all([db.restroomBuckets.bulkGet([...buckets]), db.stagedRows.toArray()]),
    );
    this.columns = null;
    buckets.forEach((bucket, at) => {
      const ids = this.bucketIds()[bucket]!;
      for (const id of ids) this.rows.delete(id);
      ids.clear();
      this.putBucket(bucket, records[at]?.rows ?? []);
    });
    // During a first sync these buckets' rows are also staged (newer than the buckets', as on a load).
    if (staged.length > 0) {
      const asked = new Set(buckets);
      for (const record of staged) this.putAll(record.rows.filter((row) => asked.has(bucketOf(row[COMPACT_AT.id]))));
    }
    this.changed();
  }

  put(rows: readonly CompactRestroom[]): void {
    if (rows.length === 0) return;
    this.columns = null;
    this.putAll(rows);
    this.changed();
  }

  delete(ids: readonly string[]): void {
    let any = false;
    for (const id of ids) {
      if (this.rows.delete(id)) {
        this.bucketIdSets?.[bucketOf(id)]!.delete(id);
        any = true;
      }
    }
    if (!any) return;
    this.columns = null;
    this.changed();
  }

  clear(): void {
    this.rows.clear();
    this.bucketIdSets = null;
    this.columns = null;
    this.changed();
  }

  compact(id: string): CompactRestroom | undefined {
    return this.rows.get(id);
  }

  /** How many times the store has changed: the view's version. */
  get revision(): number {
    return this.version;
  }

  /** Whether memory holds rows the stored column index may not describe: loaded from the rows or changed since, and no bulk load running. */
  get columnsStale(): boolean {
    return this.loadedFlag && this.columns === null && this.bulkDepth === 0;
  }

  get(id: string): Restroom | undefined {
    const row = this.rows.get(id);
    return row && expandRestroom(row);
  }

  /** Every row the store holds, visible or not, in no particular order. */
  allRows(): CompactRestroom[] {
    return [...this.rows.values()];
  }

  /** A bucket's rows as this store holds them, for writing the record out. */
  bucketRows(bucket: number): CompactRestroom[] {
    const rows: CompactRestroom[] = [];
    for (const id of this.bucketIds()[bucket]!) rows.push(this.rows.get(id)!);
    return rows;
  }

  /**
   * During a bulk load (a first sync) subscribers hear of its first change on the next task, then at
   * most every `bulkNotifyMs`: rebuilding the list per applied line of a 100,000-row snapshot would
   * cost more than the load itself.
   */
  beginBulk(): void {
    // The first rows of a load are what a first visit waits for: heard on the next task, not after
    // the pace's wait counted from the `clear` that just came before them.
    if (this.bulkDepth === 0) {
      this.lastNotified = Number.NEGATIVE_INFINITY;
      this.lastRedrawEnd = Number.NEGATIVE_INFINITY;
    }
    this.bulkDepth++;
  }

  endBulk(): void {
    this.bulkDepth = Math.max(0, this.bulkDepth - 1);
    if (this.bulkDepth !== 0) return;
    if (this.notifyTimer !== null) this.clock.clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    // Even with nothing new since the last notice, subscribers hear that the load is over: the
    // column keeper waits for that (a view that did not change draws nothing again).
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The current view; undefined until the first load has finished (a screen shows "loading" until then). */
  getView = (): MirrorView | undefined => {
    if (!this.loadedFlag) return undefined;
    this.view ??= this.makeView();
    return this.view;
  };

  /**
   * The view the list and the map draw from: during a cold start behind the stored columns, an
   * incomplete one before every row is read (a row it lacks is read next, and the view changes when
   * it arrives); otherwise `getView`'s.
   */
  getFirstScreenView = (): MirrorView | undefined => {
    if (!this.loadedFlag && this.columns === null) return undefined;
    this.view ??= this.makeView();
    return this.view;
  };

  /** The row with its repeated strings swapped for the store's copies: equal text, so the row reads the same. */
  private shareText(row: CompactRestroom): CompactRestroom {
    const mutable = row as unknown[];
    for (const at of REPEATED_TEXT) {
      const text = mutable[at];
      if (typeof text !== 'string') continue;
      const kept = this.texts.get(text);
      if (kept === undefined) this.texts.set(text, text);
      else mutable[at] = kept;
    }
    return row;
  }

  private putAll(rows: readonly CompactRestroom[]): void {
    const sets = this.bucketIdSets;
    for (const row of rows) {
      this.shareText(row);
      const id = row[COMPACT_AT.id];
      if (sets !== null && !this.rows.has(id)) sets[bucketOf(id)]!.add(id);
      this.rows.set(id, row);
    }
  }

  private bucketIds(): Set<string>[] {
    if (this.bucketIdSets === null) {
      const sets = Array.from({ length: BUCKET_COUNT }, () => new Set<string>());
      for (const id of this.rows.keys()) sets[bucketOf(id)]!.add(id);
      this.bucketIdSets = sets;
    }
    return this.bucketIdSets;
  }

  /** Rows read from one bucket record: their bucket is known, so no id is hashed (a cold start reads them all). */
  private putBucket(bucket: number, rows: readonly CompactRestroom[]): void {
    const ids = this.bucketIdSets?.[bucket];
    for (const row of rows) {
      this.shareText(row);
      const id = row[COMPACT_AT.id];
      ids?.add(id);
      this.rows.set(id, row);
    }
  }

  private makeView(): MirrorView {
    const version = this.version;
    const complete = this.loadedFlag;
    const get = (id: string) => this.get(id);
    if (this.columns !== null) {
      const compact = (id: string) => {
        const row = this.rows.get(id);
        if (row === undefined && !complete) {
          this.wanted.add(bucketOf(id));
          // Resolved after the render that asks, so every row it asks for is in the first read.
          this.asked?.();
        }
        return row;
      };
      return { version, rows: null, columns: this.columns, complete, compact, get };
    }
    const rows: CompactRestroom[] = [];
    for (const row of this.rows.values()) if (compactIsPublic(row)) rows.push(row);
    return { version, rows, columns: null, complete, compact: (id) => this.rows.get(id), get };
  }

  private changed(): void {
    this.version++;
    this.view = undefined;
    if (!this.loadedFlag && this.columns === null) return;
    if (this.bulkDepth === 0) {
      this.notify();
      return;
    }
    if (this.notifyTimer !== null) return;
    // As the rows grow, so does what each notification costs the page (the list's index, the map's
    // clusters): after a redraw the page gets as long again for itself (the rows arriving meanwhile
    // are taken in sooner, input is answered), so a first sync's redraws take at most half of it.
    const due = Math.max(this.lastNotified + this.bulkNotifyMs, this.lastRedrawEnd + Math.min(this.lastNotifyCostMs, MAX_BULK_PACE_MS));
    const wait = Math.max(0, due - this.clock.now());
    this.notifyTimer = this.clock.setTimeout(() => {
      this.notifyTimer = null;
      this.notify();
    }, wait);
  }

  private notify(): void {
    const startedAt = this.clock.now();
    this.lastNotified = startedAt;
    for (const listener of this.listeners) listener();
    // Only a bulk load paces its notifications by what they cost; nothing to time otherwise, nor
    // with no one to redraw (the snapshot worker's own store).
    if (this.bulkDepth === 0 || this.listeners.size === 0) return;
    // React draws what the listeners asked for right after this task's microtasks: a timer set now
    // runs once that is done, so it sees what the whole redraw cost.
    this.clock.setTimeout(() => {
      this.lastRedrawEnd = this.clock.now();
      this.lastNotifyCostMs = this.lastRedrawEnd - startedAt;
    }, 0);
  }
}

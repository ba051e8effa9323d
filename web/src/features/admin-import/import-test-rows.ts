import type { ImportReviewRow, ImportRun, OsmImportReview, RefugeImportPage } from '@allstall/shared';

let counter = 0;

/** A listing for review as the server sends it: new, placed, from Refuge unless a test says otherwise. */
export function makeImportReviewRow(overrides: Partial<ImportReviewRow> = {}): ImportReviewRow {
  const n = ++counter;
  return {
    source_id: String(1000 + n),
    name: `Listing ${n}`,
    street: `${n} Hennepin Ave`,
    city: 'Minneapolis',
    state: 'MN',
    country: 'US',
    latitude: 44.97,
    longitude: -93.26,
    unisex: true,
    accessible: false,
    changing_table: false,
    is_single_stall: false,
    menstrual_products: false,
    access: 'public',
    fee: null,
    directions: null,
    comment: null,
    upvotes: 0,
    downvotes: 0,
    hours: null,
    place_id: null,
    created_at: '2024-05-06T07:08:09.000Z',
    updated_at: '2025-01-02T03:04:05.000Z',
    already_imported: false,
    restroom_id: null,
    ...overrides,
  };
}

export function makeRefugePage(page: number, rows: ImportReviewRow[], overrides: Partial<RefugeImportPage> = {}): RefugeImportPage {
  return { source: 'refuge', page, per_page: 10, total: 35, total_pages: 4, rows, ...overrides };
}

export function makeOsmReview(rows: ImportReviewRow[]): OsmImportReview {
  return { source: 'osm', rows };
}

export function makeImportRun(overrides: Partial<ImportRun> = {}): ImportRun {
  return {
    id: '01890000-0000-7000-8000-000000000001',
    source: 'osm',
    status: 'running',
    rows_read: 0,
    rows_new: 0,
    rows_changed: 0,
    rows_unchanged: 0,
    rows_refused: 0,
    rows_outside: 0,
    steps_done: 0,
    steps_total: 12,
    error: null,
    note: null,
    started_by: 'Ada',
    created_at: '2026-11-26T09:00:00.000Z',
    updated_at: '2026-11-26T09:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

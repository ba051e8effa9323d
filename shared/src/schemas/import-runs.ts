import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';
import { ImportSourceSchema } from './imports.js';

/*
 * Import runs (/admin/addbathrooms, "Import the whole region"): the server loads a whole state or
 * country from one source in steps (an OpenStreetMap tile or a Refuge page each), keeps count as it
 * goes, and can be stopped and resumed, also after a restart (docs/architecture.md#import-runs).
 */

const ImportRunStatusSchema = Type.Union([Type.Literal('running'), Type.Literal('stopped'), Type.Literal('done'), Type.Literal('failed')]);

/** What a run did with one listing: added it, changed it, found it up to date, or could not take it. */
export const IMPORT_RUN_OUTCOMES = ['new', 'changed', 'unchanged', 'refused'] as const;
const ImportRunOutcomeSchema = Type.Union([Type.Literal('new'), Type.Literal('changed'), Type.Literal('unchanged'), Type.Literal('refused')]);
export type ImportRunOutcome = Static<typeof ImportRunOutcomeSchema>;

const IMPORT_RUN_ROWS_PER_PAGE_MAX = 200;

/** POST /api/admin/import-runs */
export const ImportRunStartBodySchema = Type.Object({ source: ImportSourceSchema }, { additionalProperties: false });

/**
 * One run and how far it got. Every listing read is counted once per run, in exactly one of new,
 * changed, unchanged, refused (it cannot be imported; the reason is on its row) or outside (a Refuge
 * listing outside the region's boxes, not kept): rows_read is their sum.
 */
export const ImportRunSchema = Type.Object({
  id: IdSchema,
  source: ImportSourceSchema,
  status: ImportRunStatusSchema,
  rows_read: Type.Integer({ minimum: 0 }),
  rows_new: Type.Integer({ minimum: 0 }),
  rows_changed: Type.Integer({ minimum: 0 }),
  rows_unchanged: Type.Integer({ minimum: 0 }),
  rows_refused: Type.Integer({ minimum: 0 }),
  rows_outside: Type.Integer({ minimum: 0 }),
  /** Tiles or pages finished, and how many there are in all; null while the total is not yet known. */
  steps_done: Type.Integer({ minimum: 0 }),
  steps_total: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Why the run failed. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** Something the admin should know, e.g. that a restart stopped the run. */
  note: Type.Union([Type.String(), Type.Null()]),
  started_by: Type.Union([Type.String(), Type.Null()]),
  created_at: IsoDateSchema,
  updated_at: IsoDateSchema,
  finished_at: Type.Union([IsoDateSchema, Type.Null()]),
});
export type ImportRun = Static<typeof ImportRunSchema>;

export const ImportRunListSchema = Type.Object({ runs: Type.Array(ImportRunSchema) });
export type ImportRunList = Static<typeof ImportRunListSchema>;

/** GET /api/admin/import-runs/:id/rows?page=&per_page=&outcome= */
export const ImportRunRowsQuerySchema = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: IMPORT_RUN_ROWS_PER_PAGE_MAX, default: 50 }),
    outcome: Type.Optional(ImportRunOutcomeSchema),
  },
  { additionalProperties: false },
);
export type ImportRunRowsQuery = Static<typeof ImportRunRowsQuerySchema>;

/** One listing a run read, in the order it was read. */
const ImportRunRowSchema = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  source_id: Type.String(),
  outcome: ImportRunOutcomeSchema,
  restroom_id: Type.Union([IdSchema, Type.Null()]),
  name: Type.String(),
  city: Type.String(),
  /** Why a refused row could not be imported. */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type ImportRunRow = Static<typeof ImportRunRowSchema>;

export const ImportRunRowsPageSchema = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  per_page: Type.Integer({ minimum: 1 }),
  /** Rows matching the filter, over every page. */
  total: Type.Integer({ minimum: 0 }),
  rows: Type.Array(ImportRunRowSchema),
});
export type ImportRunRowsPage = Static<typeof ImportRunRowsPageSchema>;

import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';
import { PlaceIdSchema } from './places.js';
import { LatitudeSchema, LongitudeSchema, WeeklyHoursSchema } from './restroom.js';
import { RESTROOM_NAME_MAX_LENGTH } from '../restrooms/listing-fields.js';
import { ListingAmenitiesSchema, ListingTextInputSchema, RestroomAccessSchema, RestroomFeeSchema } from './listing-fields.js';
import { COMMENT_MAX_LENGTH } from './writes.js';

/*
 * The admin importers (/admin/addbathrooms): the server fetches listings from Refuge Restrooms or
 * OpenStreetMap, cleans and maps them into import rows for the admin to review, and the admin sends
 * the rows back to be added. An import upserts on (source, source_id), so sending the same rows
 * twice changes nothing.
 */

export const ImportSourceSchema = Type.Union([Type.Literal('refuge'), Type.Literal('osm')]);
export type ImportSource = Static<typeof ImportSourceSchema>;

export const IMPORT_ROWS_MAX = 500;
export const REFUGE_PER_PAGE_MAX = 100;
const SOURCE_ID_MAX_LENGTH = 100;
export const COUNTRY_MAX_LENGTH = 60;
export const DIRECTIONS_MAX_LENGTH = 2000;
/**
 * The most thumbs an imported listing may bring: far more than any real listing has, and far enough
 * below PostgreSQL's integer limit (2,147,483,647) that feedback can keep adding to them.
 */
export const IMPORT_VOTES_MAX = 1_000_000;

/** One listing from an outside source, cleaned and mapped onto our restroom fields. */
export const ImportRowSchema = Type.Object(
  {
    /** Refuge's `edit_id` ("12345"), or the OpenStreetMap element ("node/123", "way/45"). */
    source_id: Type.String({ minLength: 1, maxLength: SOURCE_ID_MAX_LENGTH }),
    ...ListingTextInputSchema.properties,
    // An imported listing needs a name (a suggestion's is checked by `flagProblem`: a closure needs none).
    name: Type.String({ minLength: 1, maxLength: RESTROOM_NAME_MAX_LENGTH }),
    country: Type.String({ maxLength: COUNTRY_MAX_LENGTH }),
    /** Null when the source does not know where it is: such a row is imported but reported. */
    latitude: Type.Union([LatitudeSchema, Type.Null()]),
    longitude: Type.Union([LongitudeSchema, Type.Null()]),
    ...ListingAmenitiesSchema.properties,
    access: RestroomAccessSchema,
    fee: RestroomFeeSchema,
    directions: Type.Union([Type.String({ maxLength: DIRECTIONS_MAX_LENGTH }), Type.Null()]),
    comment: Type.Union([Type.String({ maxLength: COMMENT_MAX_LENGTH }), Type.Null()]),
    upvotes: Type.Integer({ minimum: 0, maximum: IMPORT_VOTES_MAX }),
    downvotes: Type.Integer({ minimum: 0, maximum: IMPORT_VOTES_MAX }),
    hours: WeeklyHoursSchema,
    place_id: Type.Union([PlaceIdSchema, Type.Null()]),
    created_at: Type.Union([IsoDateSchema, Type.Null()]),
    updated_at: Type.Union([IsoDateSchema, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ImportRow = Static<typeof ImportRowSchema>;

/** A row for review: whether a listing with its source id is already in our database, and which. */
const ImportReviewRowSchema = Type.Object({
  ...ImportRowSchema.properties,
  already_imported: Type.Boolean(),
  restroom_id: Type.Union([IdSchema, Type.Null()]),
});
export type ImportReviewRow = Static<typeof ImportReviewRowSchema>;

/** GET /api/admin/import/refuge?per_page=&page= */
export const RefugeImportQuerySchema = Type.Object(
  {
    per_page: Type.Integer({ minimum: 1, maximum: REFUGE_PER_PAGE_MAX, default: 10 }),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  },
  { additionalProperties: false },
);
export type RefugeImportQuery = Static<typeof RefugeImportQuerySchema>;

/** One page of Refuge listings; totals are null when Refuge leaves its paging headers out. */
export const RefugeImportPageSchema = Type.Object({
  source: Type.Literal('refuge'),
  page: Type.Integer({ minimum: 1 }),
  per_page: Type.Integer({ minimum: 1 }),
  total: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  total_pages: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  rows: Type.Array(ImportReviewRowSchema),
});
export type RefugeImportPage = Static<typeof RefugeImportPageSchema>;

/** The OpenStreetMap toilets inside the region's bounding box. */
export const OsmImportReviewSchema = Type.Object({
  source: Type.Literal('osm'),
  rows: Type.Array(ImportReviewRowSchema),
});
export type OsmImportReview = Static<typeof OsmImportReviewSchema>;

/** POST /api/admin/import: 'Add all to database'. */
export const ImportBodySchema = Type.Object(
  {
    source: ImportSourceSchema,
    rows: Type.Array(ImportRowSchema, { minItems: 1, maxItems: IMPORT_ROWS_MAX }),
  },
  { additionalProperties: false },
);
export type ImportBody = Static<typeof ImportBodySchema>;

/** A row that was imported without coordinates: it is listed by name but cannot be put on the map. */
const UnplacedImportSchema = Type.Object({ source_id: Type.String(), name: Type.String() });
export type UnplacedImport = Static<typeof UnplacedImportSchema>;

/** What an import did: new listings, changed ones, ones that were already up to date. */
export const ImportResultSchema = Type.Object({
  inserted: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  withoutCoordinates: Type.Array(UnplacedImportSchema),
});
export type ImportResult = Static<typeof ImportResultSchema>;

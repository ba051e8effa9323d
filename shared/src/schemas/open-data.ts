import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';
import { ListingAmenitiesSchema, ListingTextSchema, RestroomAccessSchema, RestroomFeeSchema } from './listing-fields.js';
import { RestroomSourceSchema, WeeklyHoursSchema } from './restroom.js';

/*
 * The open-data export (GET /api/export, /api/export/restrooms.geojson, /api/export/restrooms.csv;
 * docs/product-rules.md#open-data): the public set as the change feed gives it to a guest, with the
 * licences and credits of its sources.
 */

const OpenDataLicenceSchema = Type.Object({
  /** SPDX identifier: 'ODbL-1.0', 'CC-BY-SA-4.0'. */
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
});

/** One source of listings, its credit and licence. */
const OpenDataSourceSchema = Type.Object({
  source: RestroomSourceSchema,
  attribution: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
  licence: OpenDataLicenceSchema,
});
export type OpenDataSource = Static<typeof OpenDataSourceSchema>;

/** A restroom's properties in the GeoJSON; the CSV has the same columns, the hours as `opening_hours` text. */
const OpenDataPropertiesSchema = Type.Object({
  id: IdSchema,
  ...ListingTextSchema.properties,
  country: Type.String(),
  ...ListingAmenitiesSchema.properties,
  access: RestroomAccessSchema,
  /** 'free', 'paid' or null; the CSV writes it as OpenStreetMap's `fee` tag (yes = paid). */
  fee: RestroomFeeSchema,
  /** The weekly ranges as the feed sends them (day 0 = Sunday, HHMM); null when unknown. */
  hours: WeeklyHoursSchema,
  /** The IANA time zone the hours are read in, from the position; null without one. */
  time_zone: Type.Union([Type.String(), Type.Null()]),
  upvotes: Type.Integer({ minimum: 0 }),
  downvotes: Type.Integer({ minimum: 0 }),
  last_confirmed_at: Type.Union([IsoDateSchema, Type.Null()]),
  source: RestroomSourceSchema,
  /** SPDX identifier of the licence this row's listing is under. */
  licence: Type.String(),
  attribution: Type.String(),
  created_at: IsoDateSchema,
  updated_at: IsoDateSchema,
});
export type OpenDataProperties = Static<typeof OpenDataPropertiesSchema>;

/** [longitude, latitude], as GeoJSON orders them. */
const OpenDataPointSchema = Type.Object({
  type: Type.Literal('Point'),
  coordinates: Type.Tuple([Type.Number(), Type.Number()]),
});

/** A restroom; one whose position is unknown has no geometry (RFC 7946 §3.2 allows null) but is kept, as its address is still of use. */
const OpenDataFeatureSchema = Type.Object({
  type: Type.Literal('Feature'),
  id: IdSchema,
  geometry: Type.Union([OpenDataPointSchema, Type.Null()]),
  properties: OpenDataPropertiesSchema,
});
export type OpenDataFeature = Static<typeof OpenDataFeatureSchema>;

/** What the export says of itself: in the GeoJSON's top level (foreign members) and at GET /api/export. */
const OpenDataAboutSchema = Type.Object({
  /** The change-feed version the export stands at; its ETag carries it too. */
  version: Type.String(),
  generated_at: IsoDateSchema,
  /** The licence of the export as a whole; each row names its own as well. */
  licence: OpenDataLicenceSchema,
  sources: Type.Array(OpenDataSourceSchema),
});
export type OpenDataAbout = Static<typeof OpenDataAboutSchema>;

export const OpenDataCollectionSchema = Type.Object({
  type: Type.Literal('FeatureCollection'),
  ...OpenDataAboutSchema.properties,
  features: Type.Array(OpenDataFeatureSchema),
});
export type OpenDataCollection = Static<typeof OpenDataCollectionSchema>;

/** GET /api/export: where the files are, and what they hold. */
export const OpenDataIndexSchema = Type.Object({
  ...OpenDataAboutSchema.properties,
  restrooms: Type.Integer({ minimum: 0 }),
  files: Type.Array(
    Type.Object({
      format: Type.Union([Type.Literal('geojson'), Type.Literal('csv')]),
      url: Type.String(),
      media_type: Type.String(),
    }),
  ),
});
export type OpenDataIndex = Static<typeof OpenDataIndexSchema>;

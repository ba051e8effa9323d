import { Type, type Static } from 'typebox';
import { IdSchema } from './common.js';
import { HoursRangeSchema } from './restroom.js';

/*
 * The /api tools page (docs/product-rules.md#admin-screens): geocode restrooms that have no
 * position, and fill opening hours from OpenStreetMap for a range of restrooms. Each call works
 * through a bounded batch and reports what it changed and where to carry on.
 */

/** Restrooms one geocoding call looks up at most. */
export const GEOCODE_BATCH_MAX = 50;
/** Restrooms one hours call looks at most. */
export const HOURS_BATCH_MAX = 200;

/**
 * POST /api/admin/tools/geocode. Restrooms without a position are taken in id order (UUIDv7 ids
 * sort by creation); `afterId` carries on after the last one an earlier call checked, so rows the
 * geocoder cannot place do not hold up the rest.
 */
export const GeocodeToolBodySchema = Type.Object({ afterId: Type.Optional(IdSchema) }, { additionalProperties: false });
export type GeocodeToolBody = Static<typeof GeocodeToolBodySchema>;

const RestroomRefSchema = Type.Object({ id: IdSchema, name: Type.String() });

export const GeocodeToolReportSchema = Type.Object({
  /** Restrooms looked up in this call. */
  checked: Type.Integer({ minimum: 0 }),
  /** Those the geocoder placed, with their new position. */
  updated: Type.Array(
    Type.Object({ id: IdSchema, name: Type.String(), latitude: Type.Number(), longitude: Type.Number() }),
  ),
  /** Those it found nowhere in the region (or that have no address to look up); left as they were. */
  notFound: Type.Array(RestroomRefSchema),
  /** Restrooms without a position after the last one checked: what another call would look at. */
  remaining: Type.Integer({ minimum: 0 }),
  /** The `afterId` for the next call; null when nothing remains. */
  nextAfterId: Type.Union([IdSchema, Type.Null()]),
});
export type GeocodeToolReport = Static<typeof GeocodeToolReportSchema>;

/**
 * POST /api/admin/tools/hours: the restrooms whose id lies between `minId` and `maxId`, both
 * included, as ids sort in the admin list (UUIDv7 ids sort by when the restroom was created). At
 * most HOURS_BATCH_MAX are looked at per call; `nextMinId` says where the rest of the range starts.
 */
export const HoursToolBodySchema = Type.Object({ minId: IdSchema, maxId: IdSchema }, { additionalProperties: false });
export type HoursToolBody = Static<typeof HoursToolBodySchema>;

export const HoursToolReportSchema = Type.Object({
  /** Restrooms of the range looked at in this call. */
  checked: Type.Integer({ minimum: 0 }),
  /** Those whose hours were replaced by OpenStreetMap's, with the new hours. */
  updated: Type.Array(Type.Object({ id: IdSchema, name: Type.String(), hours: Type.Array(HoursRangeSchema) })),
  /** Those whose hours already matched OpenStreetMap's. */
  unchanged: Type.Integer({ minimum: 0 }),
  /** Those with no OpenStreetMap place to ask about. */
  noPlace: Type.Integer({ minimum: 0 }),
  /** Those whose place OpenStreetMap no longer has, or has no readable opening_hours for; left as they were. */
  failed: Type.Integer({ minimum: 0 }),
  /** Restrooms of the range after this batch. */
  remaining: Type.Integer({ minimum: 0 }),
  /** The `minId` for the next call; null when the range is done. */
  nextMinId: Type.Union([IdSchema, Type.Null()]),
});
export type HoursToolReport = Static<typeof HoursToolReportSchema>;

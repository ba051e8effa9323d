import { Type, type Static } from 'typebox';
import { LatLngSchema } from './config.js';
import { HoursRangeSchema, LatitudeSchema, LongitudeSchema, RestroomSchema } from './restroom.js';

/*
 * Place lookup (docs/product-rules.md#adding-a-restroom, docs/architecture.md#external-services): the api asks the configured geocoder
 * (Photon or Nominatim) and answers in one shape whichever it is. A place id is built from the
 * OpenStreetMap element, `osm:N123`, `osm:W45`, `osm:R6`, so it is the same from either provider
 * and can be looked up again (opening hours through Overpass, duplicate detection).
 */

const PLACE_ID_PATTERN = '^osm:[NWR][0-9]{1,15}$';
export const PlaceIdSchema = Type.String({ pattern: PLACE_ID_PATTERN, description: 'osm:N123, osm:W45 or osm:R6' });

export const ADDRESS_QUERY_MAX_LENGTH = 300;

/** One place the geocoder knows, in the spec's shape (`geometry.location`, `place_id`) plus its name and address. */
const PlaceSchema = Type.Object({
  place_id: PlaceIdSchema,
  /** The place's own name ("Walker Art Center"); the first address line when it has none. */
  name: Type.String(),
  /** One line: "725 Vineland Place, Minneapolis, MN 55403". */
  formatted_address: Type.String(),
  street: Type.String(),
  city: Type.String(),
  state: Type.String(),
  geometry: Type.Object({ location: LatLngSchema }),
});
export type Place = Static<typeof PlaceSchema>;

export const PlaceListSchema = Type.Object({ results: Type.Array(PlaceSchema) });
export type PlaceList = Static<typeof PlaceListSchema>;

/** GET /api/geocode?address= */
export const GeocodeQuerySchema = Type.Object(
  { address: Type.String({ minLength: 1, maxLength: ADDRESS_QUERY_MAX_LENGTH }) },
  { additionalProperties: false },
);

/** GET /api/places/autocomplete?input=&lat=&lng= — lat and lng bias the answers towards the person. */
export const AutocompleteQuerySchema = Type.Object(
  {
    input: Type.String({ maxLength: ADDRESS_QUERY_MAX_LENGTH }),
    lat: Type.Optional(LatitudeSchema),
    lng: Type.Optional(LongitudeSchema),
  },
  { additionalProperties: false },
);

/** GET /api/places/reverse?lat=&lng= — the address at a spot tapped on the map. */
export const ReverseQuerySchema = Type.Object({ lat: LatitudeSchema, lng: LongitudeSchema }, { additionalProperties: false });

export const PlaceIdParamsSchema = Type.Object({ placeId: PlaceIdSchema }, { additionalProperties: false });

/**
 * GET /api/places/:placeId — the place; its weekly hours when OpenStreetMap has them (null when
 * unknown or unreadable); and the visible restroom already listed for it (same place id, or within
 * 30 m with a similar name), so the add screen can say "Looks like that one's already in there!".
 */
export const PlaceDetailsSchema = Type.Object({
  place: PlaceSchema,
  hours: Type.Union([Type.Array(HoursRangeSchema), Type.Null()]),
  existing: Type.Union([RestroomSchema, Type.Null()]),
});
export type PlaceDetails = Static<typeof PlaceDetailsSchema>;

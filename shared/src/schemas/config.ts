import { Type, type Static } from 'typebox';

export const LatLngSchema = Type.Object({ lat: Type.Number(), lng: Type.Number() });
export type LatLng = Static<typeof LatLngSchema>;

/**
 * The map pack the deployment offers for saving on the device (docs/map-pack.md): a PMTiles v3
 * archive of the region, served by the api (MAP_PACK_FILE) or from elsewhere (MAP_PACK_URL).
 */
const MapPackSchema = Type.Object({
  /** Where the archive is read by byte ranges: a path on this origin (/map-pack/VERSION.pmtiles), or MAP_PACK_URL as given. */
  url: Type.String(),
  /** The archive's whole size, what saving it takes on the device. */
  bytes: Type.Integer({ minimum: 0 }),
  /** West, south, east, north, in degrees: where the pack has tiles. */
  bounds: Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()]),
  min_zoom: Type.Integer({ minimum: 0, maximum: 31 }),
  max_zoom: Type.Integer({ minimum: 0, maximum: 31 }),
  /** Vector tiles (drawn with the app's styles) or images. */
  kind: Type.Union([Type.Literal('vector'), Type.Literal('raster')]),
  tile_type: Type.Union([Type.Literal('mvt'), Type.Literal('png'), Type.Literal('jpeg'), Type.Literal('webp'), Type.Literal('avif')]),
  /**
   * Changes whenever the pack's bytes do: the data's own version (OpenStreetMap's replication time,
   * else the metadata's `version`) and a tag of the archive's content. A device holding another
   * version holds an older (or other) pack.
   */
  version: Type.String(),
  /** The credit to show on the map while it draws from the pack, as plain text (never markup). */
  attribution: Type.String(),
});
export type MapPack = Static<typeof MapPackSchema>;

/** What the client needs from the deployment's configuration; cached on the device for offline starts. */
export const ClientConfigSchema = Type.Object({
  authorName: Type.String(),
  region: Type.Object({
    name: Type.String(),
    state: Type.String(),
    country: Type.String(),
    /** Used for a restroom whose own time zone is unknown. */
    timeZone: Type.String(),
    mapCenter: LatLngSchema,
    mapZoom: Type.Integer({ minimum: 1, maximum: 19 }),
    listOrigin: LatLngSchema,
    /** The list origin in words ("downtown Minneapolis"), for any language without a name of its own below. */
    listOriginName: Type.String(),
    /** The list origin's name in other languages, by language code ({ "es": "el centro de Minneapolis" }). */
    listOriginNames: Type.Record(Type.String(), Type.String()),
    units: Type.Union([Type.Literal('mi'), Type.Literal('km')]),
  }),
  tileUrl: Type.String(),
  tileAttribution: Type.String(),
  /** The region's map pack, or null where the deployment offers none. */
  map_pack: Type.Union([MapPackSchema, Type.Null()]),
});
export type ClientConfig = Static<typeof ClientConfigSchema>;

export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
});

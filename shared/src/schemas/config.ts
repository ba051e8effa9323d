import { Type, type Static } from 'typebox';

export const LatLngSchema = Type.Object({ lat: Type.Number(), lng: Type.Number() });
export type LatLng = Static<typeof LatLngSchema>;

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
});
export type ClientConfig = Static<typeof ClientConfigSchema>;

export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
});
export type Health = Static<typeof HealthSchema>;

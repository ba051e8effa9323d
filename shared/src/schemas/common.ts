import { Type, type Static } from 'typebox';

/** UUID in its canonical text form; every id in allstall is a UUIDv7 made by whoever creates the row. */
export const IdSchema = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  description: 'UUID',
});

/** ISO 8601 instant, as every timestamp crosses the wire. */
export const IsoDateSchema = Type.String({ format: 'date-time' });

export const IdParamsSchema = Type.Object({ id: IdSchema }, { additionalProperties: false });

/**
 * The one error body every failing request gets. `field` names the offending input
 * (`username`, `lat`, ...) whenever the failure is about one field.
 */
export const ApiErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  /**
   * What went wrong, as a stable name a client can say in its own language (with `params`), while
   * `message` stays English for API users. This server always sends it; optional so a body from an
   * older server, or an error no code describes, still reads.
   */
  code: Type.Optional(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});
export type ApiError = Static<typeof ApiErrorSchema>;

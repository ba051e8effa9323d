/*
 * Conditional requests on an entity tag (RFC 9110 §13): If-None-Match, answered 304 when the
 * client's copy is current, and If-Range, which lets a paused download resume only on the very
 * bytes it began with.
 */

/** The entity tags of a header's list, as written: `"abc"` or `W/"abc"`. */
function entityTagsIn(header: string): string[] {
  return header.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

/** The opaque part of a tag, weak or strong alike. */
function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * Whether If-None-Match names the current representation: `*`, or any tag in its list compared
 * weakly (RFC 9110 §13.1.2: a weak tag matches its strong twin), which makes the answer 304.
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return entityTagsIn(header).some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Whether the Range may be honoured under If-Range (RFC 9110 §13.1.5): with no If-Range, always;
 * with a tag, only when it is our strong tag exactly (a weak tag never validates a range, as its
 * bytes may differ); with a date, never, as these answers carry no Last-Modified to compare with.
 * When false the whole representation is sent, so a resumed download starts again on the new bytes
 * rather than splicing old and new.
 */
export function ifRangeHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  return header.trim() === etag && !etag.startsWith('W/');
}

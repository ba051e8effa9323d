import { COUNTRY_MAX_LENGTH, DIRECTIONS_MAX_LENGTH, type ImportRow } from '../schemas/imports.js';
import { CITY_MAX_LENGTH, STATE_MAX_LENGTH, STREET_MAX_LENGTH } from '../restrooms/listing-fields.js';
import { COMMENT_MAX_LENGTH } from '../schemas/writes.js';
import { cleanLine, cleanParagraph, clip } from './clean-text.js';
import { nameOrFallback, UNNAMED_LISTING } from './row-parts.js';

/** The text of a listing from an outside source: what `cleanListingText` cleans. */
export interface ListingText {
  name: string;
  street: string;
  city: string;
  state: string;
  country: string;
  directions: string | null;
  /** The source's own remark (stored as the restroom's `admin_comment`), not a visitor's comment. */
  comment: string | null;
}

/**
 * A listing's text as the importers clean it (entities decoded, invisible marks dropped, spaces
 * squeezed), each field cut to its maximum. The server applies it to whatever reaches the database
 * from a source: rows an admin sends back from the import review, the demo data, and rows stored
 * before the cleaning knew as much as it does now. Cleaning never adds text, but Unicode's composed
 * form can lengthen a few rare letters, hence the cuts. A name that cleans away entirely becomes
 * what a Refuge import calls a listing without a name. Countries and states keep their spelling:
 * turning "Minnesota" into "MN" is the importers' mapping, not cleaning.
 */
export function cleanListingText(listing: ListingText): ListingText {
  const street = clip(cleanLine(listing.street), STREET_MAX_LENGTH);
  const directions = cleanParagraph(listing.directions);
  const comment = cleanParagraph(listing.comment);
  return {
    name: nameOrFallback(cleanLine(listing.name), UNNAMED_LISTING, street),
    street,
    city: clip(cleanLine(listing.city), CITY_MAX_LENGTH),
    state: clip(cleanLine(listing.state), STATE_MAX_LENGTH),
    country: clip(cleanLine(listing.country), COUNTRY_MAX_LENGTH),
    directions: directions === null ? null : clip(directions, DIRECTIONS_MAX_LENGTH),
    comment: comment === null ? null : clip(comment, COMMENT_MAX_LENGTH),
  };
}

/**
 * An import row as it may be stored. The review's rows were cleaned when they were fetched, but what
 * comes back is whatever the admin's device sent, so the server cleans it again; clean rows come
 * through unchanged.
 */
export function cleanImportRow(row: ImportRow): ImportRow {
  return { ...row, ...cleanListingText(row) };
}

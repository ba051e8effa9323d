import { DEFAULT_REGION, type Region } from '../region.js';
import { IMPORT_VOTES_MAX, type ImportRow } from '../schemas/imports.js';
import { cleanListingText } from './clean-listing.js';
import { countryCode, stateCode } from './clean-text.js';
import { coordinatesOf, isoDateOrNull } from './row-parts.js';

/**
 * One Refuge Restrooms listing as its API sends it, read leniently: a field of the wrong type is
 * null (booleans false, counts 0) rather than a reason to drop the whole listing.
 */
export interface RefugeRecord {
  /** The stable listing id (`id` changes whenever an edit is approved there). */
  edit_id: number;
  name: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  accessible: boolean;
  unisex: boolean;
  changing_table: boolean;
  directions: string | null;
  comment: string | null;
  latitude: number | null;
  longitude: number | null;
  upvote: number;
  downvote: number;
  created_at: string | null;
  updated_at: string | null;
}

/**
 * A Refuge listing as an import row: text cleaned, the country and a US state as codes, the
 * position kept only when it is one. Refuge asks its contributors about gender-neutral, accessible
 * and changing table, so those answers stay; it says nothing of single stalls, menstrual products,
 * who may use it, whether it costs or hours, so those are unknown (docs/product-rules.md#what-we-know). A listing that
 * names no country is taken to be in the deployment's, as an OpenStreetMap element is.
 */
export function importRowFromRefuge(record: RefugeRecord, region: Pick<Region, 'country'> = DEFAULT_REGION): ImportRow {
  const country = countryCode(record.country) || region.country;
  const text = cleanListingText({
    name: record.name ?? '',
    street: record.street ?? '',
    city: record.city ?? '',
    state: stateCode(record.state, country),
    country,
    directions: record.directions,
    comment: record.comment,
  });
  return {
    source_id: String(record.edit_id),
    ...text,
    ...coordinatesOf(record.latitude, record.longitude),
    unisex: record.unisex,
    accessible: record.accessible,
    changing_table: record.changing_table,
    is_single_stall: null,
    menstrual_products: null,
    access: null,
    fee: null,
    upvotes: countOf(record.upvote),
    downvotes: countOf(record.downvote),
    hours: null,
    place_id: null,
    created_at: isoDateOrNull(record.created_at),
    updated_at: isoDateOrNull(record.updated_at),
  };
}

/** A thumb count an import takes back: 0 when it is not one, and at most what an import may set. */
function countOf(value: number): number {
  return Number.isSafeInteger(value) && value > 0 ? Math.min(value, IMPORT_VOTES_MAX) : 0;
}

import { openingHoursText } from '../hours/opening-hours-text.js';
import { LISTING_AMENITY_KEYS } from '../restrooms/listing-fields.js';
import type { OpenDataFeature, OpenDataProperties, OpenDataSource } from '../schemas/open-data.js';
import type { Restroom, RestroomSource } from '../schemas/restroom.js';
import { csvRecord, type CsvValue } from './csv.js';
import { SOURCE_CREDITS } from './source-licences.js';

/** The export's stable addresses (docs/product-rules.md#open-data). */
export const OPEN_DATA_PATHS = {
  index: '/api/export',
  geojson: '/api/export/restrooms.geojson',
  csv: '/api/export/restrooms.csv',
} as const;

/**
 * The CSV's columns in order: the GeoJSON's properties, the position split in two and the hours as
 * `opening_hours` text, and the fee as OpenStreetMap's `fee` tag writes it (yes: paid, no: free). An
 * unknown amenity, access or fee (null) is an empty cell, as in GeoJSON it is null
 * (docs/product-rules.md#what-we-know).
 */
export const OPEN_DATA_CSV_COLUMNS = [
  'id',
  'name',
  'street',
  'city',
  'state',
  'country',
  'latitude',
  'longitude',
  ...LISTING_AMENITY_KEYS,
  'access',
  'fee',
  'opening_hours',
  'time_zone',
  'upvotes',
  'downvotes',
  'last_confirmed_at',
  'source',
  'licence',
  'attribution',
  'created_at',
  'updated_at',
] as const;
type OpenDataCsvColumn = (typeof OPEN_DATA_CSV_COLUMNS)[number];

/** The sources in the order the export lists them, each with its credit. */
export function openDataSources(): OpenDataSource[] {
  return (Object.keys(SOURCE_CREDITS) as RestroomSource[]).map((source) => {
    const { attribution, url, licence } = SOURCE_CREDITS[source];
    return { source, attribution, url, licence: { ...licence } };
  });
}

/**
 * A public restroom as the export describes it: the feed's fields, less those that are the
 * feed's own business (status and is_removed, always approved and false here; place_id, an internal
 * link) and the adder's username (a person's name is theirs, not the dataset's), plus its licence.
 */
function openDataProperties(restroom: Restroom): OpenDataProperties {
  const credit = SOURCE_CREDITS[restroom.source];
  const amenities = Object.fromEntries(LISTING_AMENITY_KEYS.map((key) => [key, restroom[key]])) as Pick<
    Restroom,
    (typeof LISTING_AMENITY_KEYS)[number]
  >;
  return {
    id: restroom.id,
    name: restroom.name,
    street: restroom.street,
    city: restroom.city,
    state: restroom.state,
    country: restroom.country,
    ...amenities,
    access: restroom.access,
    fee: restroom.fee,
    hours: restroom.hours,
    time_zone: restroom.time_zone,
    upvotes: restroom.upvotes,
    downvotes: restroom.downvotes,
    last_confirmed_at: restroom.last_confirmed_at,
    source: restroom.source,
    licence: credit.licence.id,
    attribution: credit.attribution,
    created_at: restroom.created_at,
    updated_at: restroom.updated_at,
  };
}

/** A GeoJSON Point feature, [longitude, latitude]; null geometry when either half of the position is unknown. */
export function openDataFeature(restroom: Restroom): OpenDataFeature {
  const { latitude, longitude } = restroom;
  return {
    type: 'Feature',
    id: restroom.id,
    geometry: latitude !== null && longitude !== null ? { type: 'Point', coordinates: [longitude, latitude] } : null,
    properties: openDataProperties(restroom),
  };
}

/** The CSV's header record. */
export function openDataCsvHeader(): string {
  return csvRecord(OPEN_DATA_CSV_COLUMNS);
}

/** A restroom as one CSV record, in `OPEN_DATA_CSV_COLUMNS` order. */
export function openDataCsvRecord(restroom: Restroom): string {
  const { hours, ...properties } = openDataProperties(restroom);
  const values: Record<OpenDataCsvColumn, CsvValue> = {
    ...properties,
    latitude: restroom.latitude,
    longitude: restroom.longitude,
    fee: properties.fee === null ? null : properties.fee === 'paid' ? 'yes' : 'no',
    opening_hours: openingHoursText(hours),
  };
  return csvRecord(OPEN_DATA_CSV_COLUMNS.map((column) => values[column]));
}

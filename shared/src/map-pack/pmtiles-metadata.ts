import { decodeHtmlEntities } from '../imports/html-entities.js';
import { PmtilesFormatError } from './pmtiles-header.js';

/*
 * The parts of a PMTiles archive's JSON metadata allstall uses. The metadata is free-form (the spec
 * names a few conventional keys, TileJSON's `vector_layers` among them), so everything here is
 * optional and a value of the wrong type is ignored rather than trusted.
 */

/** One layer of a vector pack, as TileJSON 3.0's `vector_layers` describes it. */
interface PmtilesVectorLayer {
  id: string;
  minzoom?: number;
  maxzoom?: number;
}

export interface PmtilesMetadata {
  /** The credit to show on the map, as plain text (the metadata's HTML links taken out); null when absent. */
  attribution: string | null;
  /** The layers of a vector pack; empty for a raster pack or metadata that lists none. */
  vectorLayers: PmtilesVectorLayer[];
  /**
   * The data's own version: the OpenStreetMap replication time Planetiler records (what a Protomaps
   * build has; its `version` is the basemap schema's version, shared by every build), else the
   * conventional `version`; null when neither is there.
   */
  dataVersion: string | null;
}

/** The key Planetiler writes the time of the OpenStreetMap data it read under. */
const OSM_REPLICATION_TIME = 'planetiler:osm:osmosisreplicationtime';

/** Reads the metadata from its JSON text (already decompressed). Throws PmtilesFormatError when it is not a JSON object. */
export function readPmtilesMetadata(json: string): PmtilesMetadata {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new PmtilesFormatError('its metadata is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new PmtilesFormatError('its metadata is not a JSON object.');
  }
  const metadata = parsed as Record<string, unknown>;
  const text = (key: string): string | null => {
    const value = metadata[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const attribution = text('attribution');
  return {
    attribution: attribution === null ? null : plainAttribution(attribution) || null,
    vectorLayers: vectorLayersOf(metadata.vector_layers),
    dataVersion: text(OSM_REPLICATION_TIME) ?? text('version'),
  };
}

function vectorLayersOf(value: unknown): PmtilesVectorLayer[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((layer: unknown): PmtilesVectorLayer[] => {
    if (typeof layer !== 'object' || layer === null) return [];
    const { id, minzoom, maxzoom } = layer as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') return [];
    return [{ id, ...(typeof minzoom === 'number' ? { minzoom } : {}), ...(typeof maxzoom === 'number' ? { maxzoom } : {}) }];
  });
}

/**
 * An attribution as plain text. Packs carry HTML (`<a href="https://openstreetmap.org">OpenStreetMap</a>`)
 * from whoever made them; the map's attribution control inserts HTML, so markup from a file on a
 * CDN would be markup run on our page. Tags go, character references are decoded, and any `<` or `>`
 * that decoding made is dropped too, so what is left can never be read as a tag.
 */
export function plainAttribution(html: string): string {
  return decodeHtmlEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

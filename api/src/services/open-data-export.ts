import {
  DATABASE_LICENCE,
  openDataCsvHeader,
  openDataCsvRecord,
  openDataFeature,
  openDataSources,
  SNAPSHOT_LINE_ROWS,
  type OpenDataAbout,
} from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readSnapshot } from '../repositories/snapshot-rows.js';
import { compressBody, type CompressedBody } from './compressed-body.js';
import type { VersionedBuild } from './versioned-cache.js';

/*
 * The open-data export (GET /api/export/restrooms.geojson and .csv; docs/product-rules.md#open-data):
 * the public set exactly as a first pull of the change feed gives it to a guest, read by the same
 * reader as the first-sync snapshot (repositories/snapshot-rows.ts), built once per feed version
 * and kept compressed in memory by a VersionedCache (plugins/sync-snapshots.ts).
 */

/** One built export: both files at one feed version. */
export interface OpenDataExport extends VersionedBuild {
  about: OpenDataAbout;
  restrooms: number;
  geojson: CompressedBody;
  csv: CompressedBody;
}

/**
 * Reads the public restrooms at one version and writes both files. Each batch becomes bytes as soon
 * as it is read, so only one batch of row objects is alive at a time; what stays is the text and
 * then its two compressed forms. Measured at 100,000 synthetic restrooms: see docs/performance.md#open-data-export.
 */
export async function buildOpenDataExport(
  db: Kysely<Database>,
  now: () => number = Date.now,
): Promise<{ value: OpenDataExport; logFields: Record<string, unknown> }> {
  const startedAt = performance.now();
  const featureChunks: Buffer[] = [];
  const csvChunks: Buffer[] = [Buffer.from(openDataCsvHeader())];
  let restrooms = 0;
  const version = await readSnapshot(db, SNAPSHOT_LINE_ROWS, {
    restrooms: (batch) => {
      const separator = restrooms === 0 ? '\n' : ',\n';
      restrooms += batch.length;
      featureChunks.push(Buffer.from(separator + batch.map((restroom) => JSON.stringify(openDataFeature(restroom))).join(',\n')));
      csvChunks.push(Buffer.from(batch.map(openDataCsvRecord).join('')));
    },
  });
  const builtAtMs = now();
  const about: OpenDataAbout = {
    version: String(version),
    generated_at: new Date(builtAtMs).toISOString(),
    licence: { ...DATABASE_LICENCE },
    sources: openDataSources(),
  };
  // The licences and the version go first, as foreign members of the collection (RFC 7946 §6.1), so
  // whoever opens the file meets them before the first feature.
  const head = `${JSON.stringify({ type: 'FeatureCollection', ...about, features: [] }).slice(0, -2)}`;
  const geojsonChunks = [Buffer.from(head), ...featureChunks, Buffer.from(`${restrooms === 0 ? '' : '\n'}]}\n`)];
  const readAt = performance.now();
  const [geojson, csv] = await Promise.all([compressBody(geojsonChunks), compressBody(csvChunks)]);
  return {
    value: { version, builtAtMs, about, restrooms, geojson, csv },
    logFields: {
      restrooms,
      geojsonBytes: geojson.identityLength,
      geojsonBrBytes: geojson.br.length,
      csvBytes: csv.identityLength,
      csvBrBytes: csv.br.length,
      readMs: Math.round(readAt - startedAt),
      compressMs: Math.round(performance.now() - readAt),
    },
  };
}

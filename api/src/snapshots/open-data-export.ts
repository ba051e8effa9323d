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
import { compressingBody, type CompressedBody } from '../compression/compressed-body.js';
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
 * Reads the public restrooms at one version and writes both files, each batch compressed as it is
 * read; the next batch is read once the compressors have room, so what is held is one batch and the
 * compressed output, never the whole text (about 80 MB of GeoJSON and 27 MB of CSV at 100,000
 * restrooms; docs/performance.md#open-data-export).
 */
export async function buildOpenDataExport(
  db: Kysely<Database>,
  now: () => number = Date.now,
): Promise<{ value: OpenDataExport; logFields: Record<string, unknown> }> {
  const startedAt = performance.now();
  const builtAtMs = now();
  const geojson = compressingBody();
  const csv = compressingBody();
  let about = null as OpenDataAbout | null;
  let restrooms = 0;
  try {
    // In id order, unlike the snapshot: nothing draws from an export's first lines, and two exports compare line by line.
    const version = await readSnapshot(db, { batchSize: SNAPSHOT_LINE_ROWS }, {
      version: (seq) => {
        about = {
          version: String(seq),
          generated_at: new Date(builtAtMs).toISOString(),
          licence: { ...DATABASE_LICENCE },
          sources: openDataSources(),
        };
        // The licences and the version go first, as foreign members of the collection (RFC 7946
        // §6.1), so whoever opens the file meets them before the first feature.
        void geojson.write(Buffer.from(JSON.stringify({ type: 'FeatureCollection', ...about, features: [] }).slice(0, -2)));
        void csv.write(Buffer.from(openDataCsvHeader()));
      },
      restrooms: async (batch) => {
        const separator = restrooms === 0 ? '\n' : ',\n';
        restrooms += batch.length;
        await Promise.all([
          geojson.write(Buffer.from(separator + batch.map((restroom) => JSON.stringify(openDataFeature(restroom))).join(',\n'))),
          csv.write(Buffer.from(batch.map(openDataCsvRecord).join(''))),
        ]);
      },
    });
    if (about === null) throw new Error(`the read at version ${version} never said its version`);
    void geojson.write(Buffer.from(`${restrooms === 0 ? '' : '\n'}]}\n`));
    const readAt = performance.now();
    const [geojsonBody, csvBody] = await Promise.all([geojson.end(), csv.end()]);
    return {
      value: { version, builtAtMs, about, restrooms, geojson: geojsonBody, csv: csvBody },
      logFields: {
        restrooms,
        geojsonBytes: geojsonBody.identityLength,
        geojsonBrBytes: geojsonBody.br.length,
        csvBytes: csvBody.identityLength,
        csvBrBytes: csvBody.br.length,
        readMs: Math.round(readAt - startedAt),
        finishMs: Math.round(performance.now() - readAt),
      },
    };
  } catch (error) {
    geojson.abort();
    csv.abort();
    throw error;
  }
}

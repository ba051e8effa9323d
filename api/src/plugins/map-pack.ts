import { describeMapPack, missingBasemapLayers, type MapPack } from '@allstall/shared';
import fastifyPlugin from 'fastify-plugin';
import { ConfigError, type AppConfig } from '../config.js';
import { MapPackError, type InspectedPack } from '../map-pack/inspect-pack.js';
import { mapPackPath, openPackFile, type PackFile } from '../map-pack/pack-file.js';
import { inspectPackUrl } from '../map-pack/pack-url.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The map pack /api/config offers, or null when the deployment offers none. */
    mapPack: MapPack | null;
    /** The pack from MAP_PACK_FILE that routes/map-pack.ts serves, or null when there is none. */
    mapPackFile: PackFile | null;
  }
}

/**
 * How long the archive at MAP_PACK_URL has to answer at start, both requests together. Under
 * Fastify's 10-second limit for a plugin to load, so the operator reads this failure, not Fastify's.
 */
const MAP_PACK_URL_TIMEOUT_MS = 8000;

export interface MapPackPluginOptions {
  config: AppConfig;
  /** Overrides MAP_PACK_URL_TIMEOUT_MS (tests of a server that never answers). */
  urlTimeoutMs?: number;
}

/**
 * Checks the configured map pack as the app starts and describes it for /api/config; serves it
 * when it is a file (routes/map-pack.ts, which app.ts registers next). A missing, unreadable or unusable pack stops the start
 * with a ConfigError naming MAP_PACK_FILE or MAP_PACK_URL: offering a pack no device can read
 * would only fail later, on every phone.
 */
export const mapPackPlugin = fastifyPlugin<MapPackPluginOptions>(
  async (app, { config, urlTimeoutMs = MAP_PACK_URL_TIMEOUT_MS }) => {
    const source = config.mapPack;
    if (source === null) {
      app.decorate('mapPack', null);
      app.decorate('mapPackFile', null);
      return;
    }
    const variable = source.kind === 'file' ? 'MAP_PACK_FILE' : 'MAP_PACK_URL';
    const asConfigError = (error: unknown): never => {
      if (error instanceof MapPackError) throw new ConfigError(variable, error.message);
      throw error;
    };

    let inspected: InspectedPack;
    let url: string;
    let packFile: PackFile | null = null;
    if (source.kind === 'file') {
      const pack = await openPackFile(source.file).catch(asConfigError);
      app.addHook('onClose', async () => pack.close());
      packFile = pack;
      ({ inspected } = pack);
      url = mapPackPath(inspected.version);
    } else {
      inspected = await inspectPackUrl(source.url, urlTimeoutMs).catch(asConfigError);
      url = source.url;
    }
    app.decorate('mapPackFile', packFile);
    const mapPack = describeMapPack({ header: inspected.header, metadata: inspected.metadata, url, bytes: inspected.size, version: inspected.version });
    app.decorate('mapPack', mapPack);

    const missing = mapPack.kind === 'vector' ? missingBasemapLayers(inspected.metadata) : [];
    if (missing.length > 0) {
      // A warning, not a refusal: the pack is sound, but the app's styles draw the Protomaps basemap layers.
      app.log.warn({ missingLayers: missing }, `${variable}: this vector pack lacks the Protomaps basemap layers ${missing.join(', ')}; the app's map styles draw those (make the pack from a Protomaps build, docs/map-pack.md)`);
    }
    app.log.info({ mapPack }, 'map pack offered');
  },
  { name: 'allstall-map-pack' },
);

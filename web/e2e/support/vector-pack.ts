import { createCipheriv, createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { writePmtilesArchive, type PmtilesArchiveTile } from '@allstall/shared';
import GeoJSONVT from 'geojson-vt';

// The GeoJSON types as geojson-vt takes them: @types/geojson is its dependency, not the web's.
type FeatureCollection = Extract<ConstructorParameters<typeof GeoJSONVT>[0], { type: 'FeatureCollection' }>;
type Feature = FeatureCollection['features'][number];
type Geometry = NonNullable<Feature['geometry']>;

/*
 * A real map pack for the end-to-end tests and the bench: vector tiles in the Protomaps basemap
 * schema, the schema of what `pmtiles extract` cuts from a Protomaps build, so the app draws it
 * with its own light and dark styles exactly as it would draw an operator's pack. The map is made
 * up (a street grid, a river, a park, a town's name), not OpenStreetMap's: the tests run with no
 * network and the same pack every time.
 */

export interface VectorPack {
  file: string;
  bytes: number;
  /** Of the whole file, hex. */
  sha256: string;
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
  center: { lat: number; lng: number };
  minZoom: number;
  maxZoom: number;
  /** The map's tiles, minZoom to maxZoom; the filler's are not counted. */
  tileCount: number;
}

export interface VectorPackOptions {
  /** West, south, east, north; a few km of downtown Minneapolis unless said. */
  bounds?: [number, number, number, number];
  minZoom?: number;
  maxZoom?: number;
  /** The street grid's spacing; 400 m unless said. About 100 m gives zoom 15 tiles of a real city's weight. */
  streetsEveryMeters?: number;
  /** About this many more bytes, of random contents no reader asks for (below). */
  fillerBytes?: number;
  /**
   * The OpenStreetMap data time in the metadata, which the api takes for the pack's version: two
   * packs that differ only here are two versions of the same region, as two builds would be.
   */
  osmReplicationTime?: string;
}

const VECTOR_PACK_BOUNDS: [number, number, number, number] = [-93.29, 44.96, -93.24, 44.995];

/** The layers of a Protomaps build, as its metadata lists them; this pack fills the first six. */
const BASEMAP_LAYERS = ['earth', 'water', 'landuse', 'roads', 'places', 'buildings', 'boundaries', 'landcover', 'pois', 'transit'] as const;
type FilledLayer = 'earth' | 'water' | 'landuse' | 'roads' | 'places' | 'buildings';

/** What each filled layer's features carry, for the metadata's vector_layers (TileJSON's field types). */
const LAYER_FIELDS: Record<FilledLayer, Record<string, string>> = {
  earth: { kind: 'String' },
  water: { kind: 'String', name: 'String', min_zoom: 'Number' },
  landuse: { kind: 'String', name: 'String', min_zoom: 'Number' },
  roads: { kind: 'String', kind_detail: 'String', name: 'String', min_zoom: 'Number' },
  places: { kind: 'String', name: 'String', min_zoom: 'Number', population_rank: 'Number' },
  buildings: { kind: 'String', min_zoom: 'Number' },
};

const EXTENT = 4096;
const METERS_PER_DEGREE_LAT = 111_320;
/** Every this many streets is a major road, so the map has the two road colours. */
const MAJOR_EVERY = 4;
/** One building to about this many metres square of a block, whatever the grid: what gives the deep zooms a real map's weight. */
const BUILDING_EVERY_METERS = 50;
/** Filler comes in pieces of this size: big enough for few directory entries, small enough to spread over the zooms. */
const FILLER_TILE_BYTES = 256 * 1024;

/** Makes the pack in `dir` as `vector-pack.pmtiles` and says what it holds. */
export async function makeVectorPack(dir: string, options: VectorPackOptions = {}): Promise<VectorPack> {
  const { bounds = VECTOR_PACK_BOUNDS, minZoom = 0, maxZoom = 15, streetsEveryMeters = 400, fillerBytes = 0, osmReplicationTime = '2025-06-01T20:21:52Z' } = options;
  if (minZoom > maxZoom) throw new RangeError(`minZoom ${minZoom} is above maxZoom ${maxZoom}.`);
  const [west, south, east, north] = bounds;
  const center = { lat: (south + north) / 2, lng: (west + east) / 2 };

  const layers = basemapFeatures(bounds, streetsEveryMeters);
  const indexes = Object.entries(layers).map(
    ([name, features]) => [name, new GeoJSONVT({ type: 'FeatureCollection', features } satisfies FeatureCollection, { maxZoom, indexMaxZoom: maxZoom, extent: EXTENT })] as const,
  );

  const tiles: PmtilesArchiveTile[] = [];
  for (let z = minZoom; z <= maxZoom; z += 1) {
    for (const { x, y } of tilesOver(bounds, z)) {
      const tileLayers: Record<string, { features: unknown[] }> = {};
      for (const [name, index] of indexes) {
        // As in a Protomaps build, a feature is in the tiles of its min_zoom and deeper only.
        const features = (index.getTile(z, x, y)?.features ?? []).filter((feature) => Number(feature.tags?.min_zoom ?? 0) <= z);
        if (features.length > 0) tileLayers[name] = { features };
      }
      if (Object.keys(tileLayers).length === 0) continue;
      tiles.push({ z, x, y, data: new Uint8Array(gzipSync(fromGeojsonVt(tileLayers, { version: 2, extent: EXTENT }))) });
    }
  }
  const tileCount = tiles.length;
  tiles.push(...fillerTiles(bounds, maxZoom, fillerBytes));

  const archive = writePmtilesArchive({
    tiles,
    metadata: protomapsMetadata(minZoom, maxZoom, osmReplicationTime),
    tileType: 'mvt',
    tileCompression: 'gzip',
    compress: (bytes) => new Uint8Array(gzipSync(bytes)),
    minZoom,
    maxZoom,
    bounds,
    center: { zoom: Math.max(minZoom, Math.min(maxZoom, 13)), lon: center.lng, lat: center.lat },
  });
  const file = join(dir, 'vector-pack.pmtiles');
  await writeFile(file, archive);
  return {
    file,
    bytes: archive.length,
    sha256: createHash('sha256').update(archive).digest('hex'),
    bounds,
    center,
    minZoom,
    maxZoom,
    tileCount,
  };
}

/** The metadata a Protomaps build carries, with the layers and fields this pack's tiles have. */
function protomapsMetadata(minZoom: number, maxZoom: number, osmReplicationTime: string) {
  return {
    name: 'Protomaps Basemap',
    description: 'A made-up map in the Protomaps basemap schema, made by allstall’s tests',
    attribution: '<a href="https://github.com/protomaps/basemaps">Protomaps</a> © <a href="https://openstreetmap.org">OpenStreetMap</a>',
    type: 'baselayer',
    version: '4.10.0',
    'planetiler:osm:osmosisreplicationtime': osmReplicationTime,
    vector_layers: BASEMAP_LAYERS.map((id) => ({ id, fields: id in LAYER_FIELDS ? LAYER_FIELDS[id as FilledLayer] : {}, minzoom: minZoom, maxzoom: maxZoom })),
  };
}

type Properties = Record<string, string | number>;
const feature = (geometry: Geometry, properties: Properties): Feature => ({ type: 'Feature', geometry, properties });
const box = (w: number, s: number, e: number, n: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});
const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/**
 * The map, layer by layer, with the `kind` values the basemap styles draw in distinct colours:
 * land covering the bounds, a river crossing it, a park, a street grid of major and minor roads,
 * buildings filling the blocks from zoom 14, and the town's name at its centre.
 */
function basemapFeatures([west, south, east, north]: [number, number, number, number], streetsEveryMeters: number): Record<FilledLayer, Feature[]> {
  const midLat = (south + north) / 2;
  const lonPerMeter = 1 / (METERS_PER_DEGREE_LAT * Math.cos((midLat * Math.PI) / 180));
  const latPerMeter = 1 / METERS_PER_DEGREE_LAT;
  const width = east - west;
  const height = north - south;

  // A river 150 m wide from the west side near the north-west corner to the east side, ending at
  // the bounds as the land does: beyond them the pack has nothing.
  const riverHalf = 75 * latPerMeter;
  const riverAt = (lon: number) => north - height * 0.15 - ((lon - west) / width) * height * 0.5;
  const riverLons = [west, west + width * 0.3, west + width * 0.6, east];
  const river: Geometry = {
    type: 'Polygon',
    coordinates: [[...riverLons.map((lon) => [lon, riverAt(lon) + riverHalf]), ...[...riverLons].reverse().map((lon) => [lon, riverAt(lon) - riverHalf]), [west, riverAt(west) + riverHalf]]],
  };
  const park = { west: west + width * 0.55, south: south + height * 0.1, east: west + width * 0.8, north: south + height * 0.35 };

  const roads: Feature[] = [];
  const lonStep = streetsEveryMeters * lonPerMeter;
  const latStep = streetsEveryMeters * latPerMeter;
  const streetLons: number[] = [];
  const streetLats: number[] = [];
  for (let index = 0, lon = west + lonStep / 2; lon < east; index += 1, lon += lonStep) {
    streetLons.push(lon);
    const major = index % MAJOR_EVERY === 0;
    roads.push(
      feature(
        { type: 'LineString', coordinates: [[lon, south], [lon, north]] },
        { kind: major ? 'major_road' : 'minor_road', kind_detail: major ? 'primary' : 'residential', name: `${ordinal(index + 1)} Avenue`, min_zoom: major ? 7 : 12 },
      ),
    );
  }
  for (let index = 0, lat = south + latStep / 2; lat < north; index += 1, lat += latStep) {
    streetLats.push(lat);
    const major = index % MAJOR_EVERY === 0;
    roads.push(
      feature(
        { type: 'LineString', coordinates: [[west, lat], [east, lat]] },
        { kind: major ? 'major_road' : 'minor_road', kind_detail: major ? 'primary' : 'residential', name: `${ordinal(index + 1)} Street`, min_zoom: major ? 7 : 12 },
      ),
    );
  }

  // Buildings in each block between two streets each way, set back from the streets, and none in
  // the river or the park, where they would look wrong in the screenshots drawn from this pack.
  const buildings: Feature[] = [];
  const perSide = Math.max(1, Math.floor(streetsEveryMeters / BUILDING_EVERY_METERS));
  const cellLon = lonStep / perSide;
  const cellLat = latStep / perSide;
  for (const blockWest of streetLons.slice(0, -1)) {
    for (const blockSouth of streetLats.slice(0, -1)) {
      for (let i = 0; i < perSide; i += 1) {
        for (let j = 0; j < perSide; j += 1) {
          const w = blockWest + cellLon * (i + 0.2);
          const s = blockSouth + cellLat * (j + 0.2);
          const [e, n] = [w + cellLon * 0.6, s + cellLat * 0.6];
          const inRiver = Math.abs((s + n) / 2 - riverAt((w + e) / 2)) < riverHalf + cellLat;
          const inPark = e > park.west && w < park.east && n > park.south && s < park.north;
          if (inRiver || inPark) continue;
          buildings.push(feature(box(w, s, e, n), { kind: 'building', min_zoom: 14 }));
        }
      }
    }
  }

  return {
    earth: [feature(box(west, south, east, north), { kind: 'earth' })],
    water: [feature(river, { kind: 'water', name: 'Mississippi River', min_zoom: 6 })],
    landuse: [feature(box(park.west, park.south, park.east, park.north), { kind: 'park', name: 'Loring Park', min_zoom: 9 })],
    roads,
    places: [feature({ type: 'Point', coordinates: [west + width / 2, south + height / 2] }, { kind: 'locality', name: 'Minneapolis', min_zoom: 4, population_rank: 11 })],
    buildings,
  };
}

/** The tiles of zoom `z` that the bounds touch, in Web Mercator's tiling as the map asks for them. */
function tilesOver([west, south, east, north]: [number, number, number, number], z: number): Array<{ x: number; y: number }> {
  const side = 2 ** z;
  const clamp = (value: number) => Math.min(side - 1, Math.max(0, Math.floor(value)));
  const tileX = (lon: number) => clamp(((lon + 180) / 360) * side);
  const tileY = (lat: number) => {
    const radians = (lat * Math.PI) / 180;
    return clamp(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * side);
  };
  const out: Array<{ x: number; y: number }> = [];
  for (let x = tileX(west); x <= tileX(east); x += 1) for (let y = tileY(north); y <= tileY(south); y += 1) out.push({ x, y });
  return out;
}

/**
 * About `bytes` of incompressible tiles, so a test or the bench can have a pack of a real one's
 * size without a real one's hundreds of thousands of tiles. They sit over the bounds at zooms past
 * maxZoom, which the header says the pack has not: a reader (the pmtiles library among them) never
 * asks for them, so they are downloaded and stored like any tile and never drawn as the noise they
 * are. Random from a fixed key, so the same options make the same file.
 */
function fillerTiles(bounds: [number, number, number, number], maxZoom: number, bytes: number): PmtilesArchiveTile[] {
  if (bytes <= 0) return [];
  const random = createCipheriv('aes-128-ctr', Buffer.alloc(16, 0x2a), Buffer.alloc(16, 0));
  const tiles: PmtilesArchiveTile[] = [];
  let left = bytes;
  for (let z = maxZoom + 1; left > 0; z += 1) {
    if (z > 26) throw new RangeError(`fillerBytes ${bytes} is more than the zooms past ${maxZoom} over these bounds can hold.`);
    for (const { x, y } of tilesOver(bounds, z)) {
      if (left <= 0) break;
      const size = Math.min(FILLER_TILE_BYTES, left);
      tiles.push({ z, x, y, data: new Uint8Array(random.update(Buffer.alloc(size))) });
      left -= size;
    }
  }
  return tiles;
}

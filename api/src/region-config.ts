import { DEFAULT_REGION, downtownOriginNames, type BoundingBox, type LatLng, type Region } from '@allstall/shared';

/** The same error `loadConfig` throws; passed in so this file and config.ts need not import each other. */
type Refuse = (variable: string, problem: string) => Error;
type Reader = (name: string) => string | undefined;

const NAME_MAX_LENGTH = 60;
const ORIGIN_NAME_MAX_LENGTH = 80;
const STATE_MAX_LENGTH = 20;
const ZOOM_MIN = 1;
const ZOOM_MAX = 19;

/**
 * The deployment's region from REGION_* (docs/architecture.md#the-region), each variable falling
 * back to the launch region's value. Set only REGION_MAP_CENTER and the list origin and the Refuge
 * review point follow it: an operator moving the map to Chicago means Chicago for all three, and
 * Minneapolis's downtown as the list origin would put every Chicago restroom 350 miles away. The
 * import boxes never follow it: a box is an area, and no size could be guessed from one point.
 * The list origin's name is "downtown NAME" (and "el centro de NAME" in Spanish) unless told
 * otherwise: a state or a country has no downtown, so its deployment names the point ("the State
 * Capitol", say), in each language it likes: `the State Capitol|es=el Capitolio estatal`.
 */
export function readRegion(read: Reader, refuse: Refuse): Region {
  const mapCenter = readLatLng(read, refuse, 'REGION_MAP_CENTER');
  const name = readText(read, refuse, 'REGION_NAME', NAME_MAX_LENGTH) ?? DEFAULT_REGION.name;
  return {
    name,
    state: readText(read, refuse, 'REGION_STATE', STATE_MAX_LENGTH) ?? DEFAULT_REGION.state,
    country: readCountry(read, refuse) ?? DEFAULT_REGION.country,
    timeZone: readTimeZone(read, refuse) ?? DEFAULT_REGION.timeZone,
    mapCenter: mapCenter ?? DEFAULT_REGION.mapCenter,
    mapZoom: readZoom(read, refuse) ?? DEFAULT_REGION.mapZoom,
    listOrigin: readLatLng(read, refuse, 'REGION_LIST_ORIGIN') ?? mapCenter ?? DEFAULT_REGION.listOrigin,
    ...(readOriginNames(read, refuse) ?? downtownOriginNames(name)),
    importPoint: readLatLng(read, refuse, 'REGION_IMPORT_POINT') ?? mapCenter ?? DEFAULT_REGION.importPoint,
    importBoxes: readBoxes(read, refuse) ?? DEFAULT_REGION.importBoxes,
    units: readUnits(read, refuse) ?? DEFAULT_REGION.units,
  };
}

function readText(read: Reader, refuse: Refuse, name: string, maxLength: number): string | undefined {
  const raw = read(name);
  if (raw !== undefined && raw.length > maxLength) throw refuse(name, `use at most ${maxLength} characters, got ${raw.length}.`);
  return raw;
}

/**
 * REGION_LIST_ORIGIN_NAME: the name for any language, then `|code=name` for each language that says
 * it otherwise (`downtown Minneapolis|es=el centro de Minneapolis`), each at most 80 characters.
 */
function readOriginNames(read: Reader, refuse: Refuse): Pick<Region, 'listOriginName' | 'listOriginNames'> | undefined {
  const variable = 'REGION_LIST_ORIGIN_NAME';
  const raw = read(variable);
  if (raw === undefined) return undefined;
  const [listOriginName = '', ...others] = raw.split('|').map((part) => part.trim());
  const tooLong = (name: string) => refuse(variable, `use at most ${ORIGIN_NAME_MAX_LENGTH} characters for a name, got ${name.length}.`);
  if (listOriginName.length > ORIGIN_NAME_MAX_LENGTH) throw tooLong(listOriginName);
  const listOriginNames: Record<string, string> = {};
  for (const part of others) {
    const match = /^([A-Za-z]{2,3})\s*=\s*(.+)$/.exec(part);
    if (match === null) throw refuse(variable, `expected "name|es=nombre": a language code, '=' and a name after each '|', got '${part}'.`);
    const language = match[1]!.toLowerCase();
    const name = match[2]!;
    if (name.length > ORIGIN_NAME_MAX_LENGTH) throw tooLong(name);
    if (Object.hasOwn(listOriginNames, language)) throw refuse(variable, `names the language '${language}' twice.`);
    listOriginNames[language] = name;
  }
  return { listOriginName, listOriginNames };
}

function readCountry(read: Reader, refuse: Refuse): string | undefined {
  const raw = read('REGION_COUNTRY');
  if (raw === undefined) return undefined;
  if (!/^[A-Za-z]{2}$/.test(raw)) throw refuse('REGION_COUNTRY', `expected a two-letter ISO 3166-1 country code such as US or CA, got '${raw}'.`);
  return raw.toUpperCase();
}

function readTimeZone(read: Reader, refuse: Refuse): string | undefined {
  const raw = read('REGION_TIME_ZONE');
  if (raw === undefined) return undefined;
  try {
    // The zone's own spelling ('america/chicago' → 'America/Chicago'), as clients will compare it.
    return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    throw refuse('REGION_TIME_ZONE', `expected an IANA time zone such as America/Chicago, got '${raw}'.`);
  }
}

function readZoom(read: Reader, refuse: Refuse): number | undefined {
  const raw = read('REGION_MAP_ZOOM');
  if (raw === undefined) return undefined;
  const zoom = Number(raw);
  if (!/^\d+$/.test(raw) || zoom < ZOOM_MIN || zoom > ZOOM_MAX) {
    throw refuse('REGION_MAP_ZOOM', `expected a whole number from ${ZOOM_MIN} to ${ZOOM_MAX}, got '${raw}'.`);
  }
  return zoom;
}

function readUnits(read: Reader, refuse: Refuse): Region['units'] | undefined {
  const raw = read('REGION_UNITS')?.toLowerCase();
  if (raw === undefined) return undefined;
  if (raw !== 'mi' && raw !== 'km') throw refuse('REGION_UNITS', `expected mi or km, got '${raw}'.`);
  return raw;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Comma-separated decimal degrees; undefined when any part is not a plain number. */
function numbersOf(text: string, count: number): number[] | undefined {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== count || !parts.every((part) => DECIMAL.test(part))) return undefined;
  return parts.map(Number);
}

const inLatitude = (value: number) => value >= -90 && value <= 90;
const inLongitude = (value: number) => value >= -180 && value <= 180;

function readLatLng(read: Reader, refuse: Refuse, name: string): LatLng | undefined {
  const raw = read(name);
  if (raw === undefined) return undefined;
  const numbers = numbersOf(raw, 2);
  if (numbers === undefined) throw refuse(name, `expected "latitude,longitude" in decimal degrees, got '${raw}'.`);
  const [lat = NaN, lng = NaN] = numbers;
  if (!inLatitude(lat)) throw refuse(name, `latitude must be from -90 to 90, got ${lat}.`);
  if (!inLongitude(lng)) throw refuse(name, `longitude must be from -180 to 180, got ${lng}.`);
  return { lat, lng };
}

/** "south,west,north,east", several separated by ';' (a trailing ';' is forgiven). */
function readBoxes(read: Reader, refuse: Refuse): BoundingBox[] | undefined {
  const raw = read('REGION_IMPORT_BOXES');
  if (raw === undefined) return undefined;
  const texts = raw.split(';').map((text) => text.trim());
  if (texts.at(-1) === '') texts.pop();
  if (texts.length === 0) throw refuse('REGION_IMPORT_BOXES', 'expected at least one box "south,west,north,east".');
  return texts.map((text, index) => {
    const which = texts.length === 1 ? 'the box' : `box ${index + 1}`;
    const numbers = numbersOf(text, 4);
    if (numbers === undefined) {
      throw refuse('REGION_IMPORT_BOXES', `${which}: expected "south,west,north,east" in decimal degrees, got '${text}'.`);
    }
    const [south = NaN, west = NaN, north = NaN, east = NaN] = numbers;
    if (!inLatitude(south) || !inLatitude(north)) throw refuse('REGION_IMPORT_BOXES', `${which}: latitudes must be from -90 to 90.`);
    if (!inLongitude(west) || !inLongitude(east)) throw refuse('REGION_IMPORT_BOXES', `${which}: longitudes must be from -180 to 180.`);
    if (south >= north) throw refuse('REGION_IMPORT_BOXES', `${which}: south (${south}) must be below north (${north}).`);
    // Overpass reads west > east as a box across the antimeridian, which no deployment here needs.
    if (west >= east) throw refuse('REGION_IMPORT_BOXES', `${which}: west (${west}) must be less than east (${east}).`);
    return { south, west, north, east };
  });
}

/*
 * Real places near downtown Minneapolis, as the fakes' shared knowledge of the world: each fake
 * answers about them in its own service's format. Addresses and positions are the real ones (to a
 * few metres); OpenStreetMap ids are made up, opening hours are plausible rather than current.
 */

export interface FakePlace {
  osm: { type: 'N' | 'W' | 'R'; id: number };
  /** Absent for a plain address (a house with a number and no name). */
  name?: string;
  housenumber: string;
  street: string;
  city: string;
  /** Spelled out, as both geocoders send it. */
  state: string;
  postcode: string;
  lat: number;
  lng: number;
  /** The main OpenStreetMap tag: Photon's osm_key/osm_value, Nominatim's category/type. */
  category: { key: string; value: string };
  /** Further tags Overpass answers with (opening_hours, wheelchair, ...). */
  tags?: Record<string, string>;
  /** True when the element itself has no `addr:*` tags (common for shops); geocoders still know its address. */
  untaggedAddress?: boolean;
}

const minneapolis = { city: 'Minneapolis', state: 'Minnesota' };

export const WALKER_ART_CENTER: FakePlace = {
  osm: { type: 'W', id: 24_401_001 },
  name: 'Walker Art Center',
  housenumber: '725',
  street: 'Vineland Place',
  ...minneapolis,
  postcode: '55403',
  lat: 44.96815,
  lng: -93.28877,
  category: { key: 'tourism', value: 'museum' },
  tags: { opening_hours: 'Tu-We,Fr-Su 11:00-17:00; Th 11:00-21:00', wheelchair: 'yes' },
};

export const CENTRAL_LIBRARY: FakePlace = {
  osm: { type: 'W', id: 24_401_002 },
  name: 'Minneapolis Central Library',
  housenumber: '300',
  street: 'Nicollet Mall',
  ...minneapolis,
  postcode: '55401',
  lat: 44.97993,
  lng: -93.26995,
  category: { key: 'amenity', value: 'library' },
  tags: { opening_hours: 'Mo-Th 09:00-20:00; Fr,Sa 09:30-17:30; Su 12:00-17:00', toilets: 'yes' },
};

export const MILL_CITY_MUSEUM: FakePlace = {
  osm: { type: 'W', id: 24_401_003 },
  name: 'Mill City Museum',
  housenumber: '704',
  street: 'South 2nd Street',
  ...minneapolis,
  postcode: '55401',
  lat: 44.97892,
  lng: -93.2571,
  category: { key: 'tourism', value: 'museum' },
  tags: { opening_hours: 'Tu-Su 10:00-17:00' },
};

export const GUTHRIE_THEATER: FakePlace = {
  osm: { type: 'W', id: 24_401_004 },
  name: 'Guthrie Theater',
  housenumber: '818',
  street: 'South 2nd Street',
  ...minneapolis,
  postcode: '55415',
  lat: 44.97815,
  lng: -93.25512,
  category: { key: 'amenity', value: 'theatre' },
};

export const CITY_HALL: FakePlace = {
  osm: { type: 'R', id: 3_401_005 },
  name: 'Minneapolis City Hall',
  housenumber: '350',
  street: 'South 5th Street',
  ...minneapolis,
  postcode: '55415',
  lat: 44.9774,
  lng: -93.2653,
  category: { key: 'amenity', value: 'townhall' },
  tags: { opening_hours: 'Mo-Fr 08:00-16:30; PH off' },
};

export const HENNEPIN_HEALTHCARE: FakePlace = {
  osm: { type: 'W', id: 24_401_006 },
  name: 'Hennepin County Medical Center',
  housenumber: '701',
  street: 'Park Avenue',
  ...minneapolis,
  postcode: '55415',
  lat: 44.97263,
  lng: -93.2619,
  category: { key: 'amenity', value: 'hospital' },
  tags: { opening_hours: '24/7' },
};

export const BRITS_PUB: FakePlace = {
  osm: { type: 'N', id: 1_240_100_007 },
  name: "Brit's Pub",
  housenumber: '1110',
  street: 'Nicollet Mall',
  ...minneapolis,
  postcode: '55403',
  lat: 44.97265,
  lng: -93.27688,
  category: { key: 'amenity', value: 'pub' },
  tags: { opening_hours: 'Mo-Fr 11:00-02:00; Sa,Su 10:00-02:00' },
};

export const IDS_CENTER: FakePlace = {
  osm: { type: 'W', id: 24_401_008 },
  name: 'IDS Center',
  housenumber: '80',
  street: 'South 8th Street',
  ...minneapolis,
  postcode: '55402',
  lat: 44.97575,
  lng: -93.27208,
  category: { key: 'building', value: 'commercial' },
  tags: { opening_hours: 'I do not know, ask the guard' },
};

/** A plain street address: no name of its own. */
export const MARQUETTE_250: FakePlace = {
  osm: { type: 'N', id: 1_240_100_009 },
  housenumber: '250',
  street: 'Marquette Avenue',
  ...minneapolis,
  postcode: '55401',
  lat: 44.98075,
  lng: -93.26673,
  category: { key: 'place', value: 'house' },
};

/** A café whose OpenStreetMap node carries only its name and kind, as many shops do. */
export const SPYHOUSE_COFFEE: FakePlace = {
  osm: { type: 'N', id: 1_240_100_010 },
  name: 'Spyhouse Coffee',
  housenumber: '945',
  street: 'Broadway Street Northeast',
  ...minneapolis,
  postcode: '55413',
  lat: 44.99896,
  lng: -93.24799,
  category: { key: 'amenity', value: 'cafe' },
  tags: { opening_hours: 'Mo-Su 07:00-19:00' },
  untaggedAddress: true,
};

export const MINNEAPOLIS_PLACES: readonly FakePlace[] = [
  WALKER_ART_CENTER,
  CENTRAL_LIBRARY,
  MILL_CITY_MUSEUM,
  GUTHRIE_THEATER,
  CITY_HALL,
  HENNEPIN_HEALTHCARE,
  BRITS_PUB,
  IDS_CENTER,
  MARQUETTE_250,
  SPYHOUSE_COFFEE,
];

/** `osm:W24401001`: the place id the api builds for a fake place. */
export function fakePlaceId(place: FakePlace): string {
  return `osm:${place.osm.type}${place.osm.id}`;
}

/**
 * Places whose name or address holds every word of `text`, the last one as a prefix (the way
 * search-as-you-type behaves), nearest to `near` first when given.
 */
export function placesMatching(
  places: readonly FakePlace[],
  text: string,
  near: { lat: number; lng: number } | undefined,
): FakePlace[] {
  const words = text.toLowerCase().split(/[\s,]+/).filter(Boolean);
  const found = places.filter((place) => {
    const haystack = `${place.name ?? ''} ${place.housenumber} ${place.street} ${place.city} ${place.postcode}`
      .toLowerCase()
      .split(/[\s,']+/);
    return words.length > 0 && words.every((word, index) =>
      haystack.some((candidate) => (index === words.length - 1 ? candidate.startsWith(word) : candidate === word)),
    );
  });
  return near === undefined ? found : [...found].sort((a, b) => roughMeters(a, near) - roughMeters(b, near));
}

/** The place nearest to a spot within `withinMeters`, as a reverse geocoder finds it. */
export function placeNearest(
  places: readonly FakePlace[],
  at: { lat: number; lng: number },
  withinMeters: number,
): FakePlace | undefined {
  const nearest = [...places].sort((a, b) => roughMeters(a, at) - roughMeters(b, at))[0];
  return nearest !== undefined && roughMeters(nearest, at) <= withinMeters ? nearest : undefined;
}

/** Flat-earth metres: good enough within a city. */
export function roughMeters(place: { lat: number; lng: number }, at: { lat: number; lng: number }): number {
  const dLat = (place.lat - at.lat) * 111_200;
  const dLng = (place.lng - at.lng) * 111_200 * Math.cos((at.lat * Math.PI) / 180);
  return Math.hypot(dLat, dLng);
}

/** The place's OpenStreetMap tags, as Overpass answers them. */
export function osmTagsOf(place: FakePlace): Record<string, string> {
  const address: Record<string, string> = place.untaggedAddress
    ? {}
    : {
        'addr:housenumber': place.housenumber,
        'addr:street': place.street,
        'addr:city': place.city,
        'addr:postcode': place.postcode,
      };
  return {
    ...(place.name === undefined ? {} : { name: place.name }),
    [place.category.key]: place.category.value,
    ...address,
    ...place.tags,
  };
}

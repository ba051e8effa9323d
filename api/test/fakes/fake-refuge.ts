import { startFakeService, type FakeAnswer, type FakeService, type RecordedRequest } from './fake-service.js';
import { roughMeters } from './minneapolis-places.js';

/*
 * A stand-in for the Refuge Restrooms API v1 (`{REFUGE_API_URL}/by_location?lat=&lng=&page=&per_page=`,
 * and the list of every listing, newest first, at `{REFUGE_API_URL}?page=&per_page=`),
 * answering as Refuge does: a bare JSON array, nearest first, with `distance` (miles) and `bearing`
 * (degrees, as text) added; paging in the X-Page, X-Per-Page, X-Total, X-Total-Pages and Link
 * headers; per_page defaulting to 10 and clamped to 100; a page past the end is `[]`. Its listings
 * are as messy as the real ones: trailing spaces, escaped quotes, mis-decoded characters, HTML
 * entities, every spelling of the country, and listings without coordinates.
 */

/** One listing as Refuge stores it (what /by_location sends, less `distance` and `bearing`). */
export interface RefugeListing {
  id: number;
  edit_id: number;
  name: string;
  street: string;
  city: string;
  state: string;
  country: string;
  accessible: boolean;
  unisex: boolean;
  changing_table: boolean;
  directions: string | null;
  comment: string | null;
  latitude: number | null;
  longitude: number | null;
  upvote: number;
  downvote: number;
  approved: boolean;
  created_at: string;
  updated_at: string;
}

export interface FakeRefuge extends FakeService {
  /**
   * Applies an approved edit to a listing, as Refuge does: same `edit_id`, a new `id`, a later
   * `updated_at`.
   */
  edit(editId: number, changes: Partial<Omit<RefugeListing, 'id' | 'edit_id'>>): void;
}

const DEFAULT_PER_PAGE = 10;
const MAX_PER_PAGE = 100;
const METERS_PER_MILE = 1609.344;

export function listing(editId: number, fields: Partial<RefugeListing> & Pick<RefugeListing, 'name' | 'street' | 'latitude' | 'longitude'>): RefugeListing {
  return {
    id: editId + 50_000,
    edit_id: editId,
    city: 'Minneapolis',
    state: 'MN',
    country: 'US',
    accessible: false,
    unisex: false,
    changing_table: false,
    directions: null,
    comment: null,
    upvote: 0,
    downvote: 0,
    approved: true,
    created_at: '2019-06-14T17:20:31.512Z',
    updated_at: '2019-06-14T17:20:31.512Z',
    ...fields,
  };
}

/** Listings around downtown Minneapolis; positions are real to a few metres, the rest is typical. */
export const REFUGE_LISTINGS: readonly RefugeListing[] = [
  listing(4101, {
    name: 'Minneapolis Central Library ',
    street: '300 Nicollet Mall ',
    city: 'Minneapolis ',
    state: 'Minnesota',
    country: 'United States',
    latitude: 44.97993,
    longitude: -93.26995,
    accessible: true,
    unisex: true,
    changing_table: true,
    directions: 'Second floor, past the elevators.  ',
    comment: 'All-gender restroom \\"Family Room\\" by the children\\\'s section.',
    upvote: 12,
    downvote: 1,
    created_at: '2016-03-02T18:04:17.536Z',
    updated_at: '2022-10-11T14:30:00.125Z',
  }),
  listing(4102, {
    name: 'CafÃ© Southside',
    street: '3405 Chicago Ave',
    country: 'USA',
    latitude: 44.94071,
    longitude: -93.26241,
    unisex: true,
    comment: 'Single-user restroom; ask for the code at the counter.\r\n\r\n\r\nThanks!',
    upvote: 4,
  }),
  listing(4103, {
    name: 'Walker Art Center',
    street: '725 Vineland Pl',
    state: 'mn',
    country: 'United States',
    latitude: 44.96815,
    longitude: -93.28877,
    accessible: true,
    unisex: true,
    directions: 'Lower level near the cinema.',
    upvote: 9,
    downvote: 2,
  }),
  listing(4104, {
    name: 'Mill City Farmers\\\' Market Restroom',
    street: '704 S 2nd St',
    latitude: 44.97892,
    longitude: -93.2571,
    comment: 'Open on market days.',
  }),
  listing(4105, {
    name: 'Hennepin County Government Center  ',
    street: '300 S 6th St',
    latitude: null,
    longitude: null,
    accessible: true,
    directions: 'Skyway level, north tower.',
  }),
  listing(4106, {
    name: 'Spyhouse Coffee â€” Northeast',
    street: '945 Broadway St NE',
    country: 'United States',
    latitude: 44.99896,
    longitude: -93.24799,
    unisex: true,
    upvote: 3,
  }),
  listing(4107, {
    name: 'Guthrie Theater',
    street: '818 S 2nd St',
    latitude: 44.97815,
    longitude: -93.25512,
    accessible: true,
    unisex: true,
    changing_table: true,
  }),
  listing(4108, {
    name: 'Target Center',
    street: '600 N 1st Ave',
    latitude: null,
    longitude: null,
    comment: null,
  }),
  listing(4109, {
    name: 'Midtown Global Market',
    street: '920 E Lake St',
    state: 'Minnesota ',
    country: 'US',
    latitude: 44.94848,
    longitude: -93.26069,
    accessible: true,
    unisex: true,
    upvote: 6,
  }),
  listing(4110, {
    name: 'Moon Palace Books',
    street: '3032 Minnehaha Ave',
    latitude: 44.94876,
    longitude: -93.23484,
    unisex: true,
  }),
  listing(4111, {
    name: 'Uptown Transit Station',
    // As Refuge holds some streets: HTML-escaped, and with a left-to-right mark pasted from a map.
    street: '2930 Hennepin Ave &amp; Lagoon Ave&#8206;',
    latitude: 44.94932,
    longitude: -93.29816,
    downvote: 3,
  }),
  listing(4112, {
    name: 'Mall of America',
    street: '60 E Broadway',
    city: 'Bloomington',
    latitude: 44.85487,
    longitude: -93.24223,
    accessible: true,
    changing_table: true,
  }),
];

/** Compass bearing from `from` to `to` in degrees, 0 north, as Refuge's geokit reports it. */
function bearingDegrees(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLng = radians(to.lng - from.lng);
  const y = Math.sin(dLng) * Math.cos(radians(to.lat));
  const x = Math.cos(radians(from.lat)) * Math.sin(radians(to.lat)) - Math.sin(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.cos(dLng);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

function positiveInteger(text: string | null, fallback: number): number {
  const value = Number(text);
  return text !== null && Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/** The api-pagination gem's Link header: first, prev, next and last pages, as they apply. */
function linkHeader(request: RecordedRequest, baseUrl: string, page: number, perPage: number, totalPages: number): string {
  const pageUrl = (target: number) => {
    const query = new URLSearchParams(request.query);
    query.set('page', String(target));
    query.set('per_page', String(perPage));
    return `<${baseUrl}${request.path}?${query}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${pageUrl(1)}; rel="first"`, `${pageUrl(Math.min(page - 1, Math.max(totalPages, 1)))}; rel="prev"`);
  if (page < totalPages) links.push(`${pageUrl(page + 1)}; rel="next"`, `${pageUrl(totalPages)}; rel="last"`);
  return links.join(', ');
}

export async function startFakeRefuge(listings: readonly RefugeListing[] = REFUGE_LISTINGS): Promise<FakeRefuge> {
  const current = listings.map((item) => ({ ...item }));
  let baseUrl = '';

  /** One page of `ordered` with Refuge's paging headers, as every list endpoint answers. */
  const paged = (request: RecordedRequest, ordered: readonly object[]): FakeAnswer => {
    const perPage = Math.min(positiveInteger(request.query.get('per_page'), DEFAULT_PER_PAGE), MAX_PER_PAGE);
    const page = positiveInteger(request.query.get('page'), 1);
    const totalPages = Math.ceil(ordered.length / perPage);
    const link = linkHeader(request, baseUrl, page, perPage, totalPages);
    return {
      status: 200,
      json: ordered.slice((page - 1) * perPage, page * perPage),
      headers: {
        'x-page': String(page),
        'x-per-page': String(perPage),
        'x-total': String(ordered.length),
        'x-total-pages': String(totalPages),
        ...(link === '' ? {} : { link }),
      },
    };
  };

  /** The list endpoint (`{REFUGE_API_URL}?page=&per_page=`): every listing, newest first. */
  const list = (request: RecordedRequest): FakeAnswer =>
    paged(
      request,
      [...current].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.edit_id - a.edit_id),
    );

  const answer = (request: RecordedRequest): FakeAnswer => {
    if (request.method === 'GET' && request.path === '/') return list(request);
    if (request.method !== 'GET' || request.path !== '/by_location') return { status: 404, json: { error: 'not found' } };
    const lat = Number(request.query.get('lat'));
    const lng = Number(request.query.get('lng'));
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return { status: 500, json: { status: 500, error: 'Internal Server Error' } };
    const at = { lat, lng };

    const located = current.map((item) => {
      const position = item.latitude === null || item.longitude === null ? null : { lat: item.latitude, lng: item.longitude };
      return {
        ...item,
        distance: position === null ? null : roughMeters(position, at) / METERS_PER_MILE,
        bearing: position === null ? null : String(bearingDegrees(at, position)),
      };
    });
    // Nearest first; listings Refuge could not place come last, as its geocoder left them.
    const ordered = located.sort((a, b) => (a.distance ?? Number.POSITIVE_INFINITY) - (b.distance ?? Number.POSITIVE_INFINITY));
    return paged(request, ordered);
  };

  const service = await startFakeService(answer);
  baseUrl = service.url;
  return {
    ...service,
    edit(editId, changes) {
      const index = current.findIndex((item) => item.edit_id === editId);
      const found = current[index];
      if (found === undefined) throw new Error(`the fake Refuge has no listing ${editId}`);
      current[index] = { ...found, ...changes, id: found.id + 1000, updated_at: new Date().toISOString() };
    },
  };
}

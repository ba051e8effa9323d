import type { ApiError } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import {
  BRITS_PUB,
  CENTRAL_LIBRARY,
  CITY_HALL,
  fakePlaceId,
  GUTHRIE_THEATER,
  HENNEPIN_HEALTHCARE,
  IDS_CENTER,
  MARQUETTE_250,
  MILL_CITY_MUSEUM,
  photonFeature,
  photonFeatureCollection,
  SPYHOUSE_COFFEE,
  WALKER_ART_CENTER,
  type FakePlace,
} from '../fakes/index.js';
import { insertRestroom } from '../support/fixtures.js';
import { usePlacesApp, WALKER_PLACE } from '../support/places-app.js';

const places = usePlacesApp('photon');
const results = (url: string) => places().results(url);
const details = (place: FakePlace) => places().details(place);

/** About `metres` north of a place: 0.0001 degrees of latitude is about 11 m. */
const metresNorthOf = (place: { lat: number }, metres: number) => place.lat + metres / 111_200;

describe('address search through Photon', () => {
  it('suggests places for what is typed, in the spec shape with name and a US address', async () => {
    const suggestions = await results('/api/places/autocomplete?input=walker&lat=44.97997&lng=-93.26384');
    expect(suggestions).toEqual([WALKER_PLACE]);
    const [sent] = places().geocoder.requestsTo('/api');
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ q: 'walker', lat: '44.98', lon: '-93.26', limit: '6', lang: 'en' });
  });

  it('answers an empty input with no suggestions, without asking the geocoder', async () => {
    expect(await results('/api/places/autocomplete?input=')).toEqual([]);
    expect(await results('/api/places/autocomplete?input=%20%20')).toEqual([]);
    expect(places().geocoder.requests).toHaveLength(0);
  });

  it('geocodes an address; a place without a name is called by its first address line', async () => {
    const [first] = await results('/api/geocode?address=250%20Marquette');
    expect(first).toEqual({
      place_id: fakePlaceId(MARQUETTE_250),
      name: '250 Marquette Avenue',
      formatted_address: '250 Marquette Avenue, Minneapolis, MN 55401',
      street: '250 Marquette Avenue',
      city: 'Minneapolis',
      state: 'MN',
      geometry: { location: { lat: MARQUETTE_250.lat, lng: MARQUETTE_250.lng } },
    });
  });

  it('finds the address at a spot on the map', async () => {
    const [here] = await results(`/api/places/reverse?lat=${BRITS_PUB.lat + 0.0002}&lng=${BRITS_PUB.lng}`);
    expect(here).toMatchObject({ place_id: fakePlaceId(BRITS_PUB), name: "Brit's Pub", formatted_address: '1110 Nicollet Mall, Minneapolis, MN 55403' });
  });

  it('drops results it cannot place on a map or name by an OpenStreetMap id', async () => {
    const good = photonFeature(GUTHRIE_THEATER);
    const noPoint = { ...photonFeature(MILL_CITY_MUSEUM), geometry: { type: 'Point', coordinates: [] } };
    const offTheMap = { ...photonFeature(CITY_HALL), geometry: { type: 'Point', coordinates: [-93.26, 144.97] } };
    const noId = { type: 'Feature', geometry: { type: 'Point', coordinates: [-93.26, 44.97] }, properties: { name: 'Somewhere' } };
    places().geocoder.respondWith(photonFeatureCollection([noPoint, good, offTheMap, noId, good]));
    const found = await results('/api/geocode?address=downtown%20minneapolis');
    expect(found.map((place) => place.name)).toEqual(['Guthrie Theater']);
  });

  it('keeps answers: the same question asked again, however spaced or cased, does not reach the geocoder', async () => {
    const first = await results('/api/geocode?address=Mill%20City%20Museum');
    const again = await results('/api/geocode?address=%20mill%20%20city%20museum%20');
    expect(again).toEqual(first);
    expect(places().geocoder.requestsTo('/api')).toHaveLength(1);
  });
});

describe('GET /api/places/:placeId with Photon', () => {
  it('answers a suggested place as it was suggested, with its OpenStreetMap opening hours', async () => {
    const [suggested] = await results('/api/places/autocomplete?input=brit');
    const found = await details(BRITS_PUB);
    expect(found.place).toEqual(suggested);
    expect(found.hours).toContainEqual({ day: 5, open: 1100, close: 0 });
    expect(found.hours).toContainEqual({ day: 6, open: 1000, close: 200 });
    expect(found.existing).toBeNull();
    expect(places().overpass.queries()).toEqual([`[out:json][timeout:8];node(${BRITS_PUB.osm.id});out center tags;`]);
  });

  it('looks up a place it has not suggested through its OpenStreetMap element', async () => {
    const found = await details(CENTRAL_LIBRARY);
    expect(found.place).toEqual({
      place_id: fakePlaceId(CENTRAL_LIBRARY),
      name: 'Minneapolis Central Library',
      formatted_address: '300 Nicollet Mall, Minneapolis, MN 55401',
      street: '300 Nicollet Mall',
      city: 'Minneapolis',
      state: 'MN',
      geometry: { location: { lat: CENTRAL_LIBRARY.lat, lng: CENTRAL_LIBRARY.lng } },
    });
    expect(found.hours).toContainEqual({ day: 1, open: 900, close: 2000 });
    expect(found.hours).toContainEqual({ day: 0, open: 1200, close: 1700 });
    // The element is fetched once, for the place and its hours alike.
    expect(places().overpass.requests).toHaveLength(1);
  });

  it("fills the address an element's tags lack from the geocoder's answer for its spot", async () => {
    const found = await details(SPYHOUSE_COFFEE);
    expect(found.place).toMatchObject({
      name: 'Spyhouse Coffee',
      street: '945 Broadway Street Northeast',
      city: 'Minneapolis',
      state: 'MN',
      formatted_address: '945 Broadway Street Northeast, Minneapolis, MN',
    });
  });

  it('reads 24/7 as open around the clock every day', async () => {
    expect((await details(HENNEPIN_HEALTHCARE)).hours).toEqual([0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: 0, close: 0 })));
  });

  it('answers unreadable opening hours as unknown', async () => {
    expect((await details(IDS_CENTER)).hours).toBeNull();
  });

  it('still answers a suggested place with unknown hours when Overpass is down', async () => {
    await results('/api/places/autocomplete?input=guthrie');
    places().overpass.fail('error');
    const found = await details(GUTHRIE_THEATER);
    expect(found.place.name).toBe('Guthrie Theater');
    expect(found.hours).toBeNull();
  });

  it('answers 404 for a place OpenStreetMap does not have', async () => {
    const response = await places().get('/api/places/osm:N999999');
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>()).toMatchObject({ message: 'No such place.', field: 'placeId' });
  });
});

describe('the restroom already listed at a place', () => {
  it('is the visible restroom stored with the same place id, wherever it is', async () => {
    const { db } = places().testApp.app;
    const id = await insertRestroom(db, { name: 'Library restrooms, 2nd floor', place_id: fakePlaceId(CENTRAL_LIBRARY), latitude: 45.1 });
    const found = await details(CENTRAL_LIBRARY);
    expect(found.existing).toMatchObject({ id, name: 'Library restrooms, 2nd floor', status: 'approved' });
  });

  it('is a visible restroom within 30 m with a similar name', async () => {
    const { db } = places().testApp.app;
    const id = await insertRestroom(db, {
      name: 'The Walker Art Center',
      latitude: metresNorthOf(WALKER_ART_CENTER, 15),
      longitude: WALKER_ART_CENTER.lng,
    });
    expect((await details(WALKER_ART_CENTER)).existing?.id).toBe(id);
  });

  it('is not a differently named restroom within 30 m', async () => {
    const { db } = places().testApp.app;
    await insertRestroom(db, { name: 'Spoonbridge Cafe', latitude: metresNorthOf(MILL_CITY_MUSEUM, 10), longitude: MILL_CITY_MUSEUM.lng });
    expect((await details(MILL_CITY_MUSEUM)).existing).toBeNull();
  });

  it('is not a restroom of the same name 100 m away', async () => {
    const { db } = places().testApp.app;
    await insertRestroom(db, { name: 'Guthrie Theater', latitude: metresNorthOf(GUTHRIE_THEATER, 100), longitude: GUTHRIE_THEATER.lng });
    expect((await details(GUTHRIE_THEATER)).existing).toBeNull();
  });

  it('is not a restroom waiting for review or removed', async () => {
    const { db } = places().testApp.app;
    await insertRestroom(db, { name: 'City Hall', place_id: fakePlaceId(CITY_HALL), status: 'pending' });
    await insertRestroom(db, { name: 'Minneapolis City Hall', latitude: CITY_HALL.lat, longitude: CITY_HALL.lng, is_removed: 1 });
    expect((await details(CITY_HALL)).existing).toBeNull();
  });
});

describe('bad input to the place routes', () => {
  it.each([
    ['/api/places/reverse?lat=91&lng=-93.2', 'lat'],
    ['/api/places/reverse?lat=north&lng=-93.2', 'lat'],
    ['/api/places/reverse?lat=44.9', 'lng'],
    ['/api/places/autocomplete?input=walker&lat=44.9', 'lng'],
    ['/api/places/autocomplete?lat=44.9&lng=-93.2', 'input'],
    ['/api/places/autocomplete?input=walker&radius=5', 'radius'],
    ['/api/geocode', 'address'],
    [`/api/geocode?address=${'a'.repeat(301)}`, 'address'],
    ['/api/places/12345', 'placeId'],
    ['/api/places/osm:X12', 'placeId'],
    ['/api/places/osm%3AN12%3B', 'placeId'],
  ])('GET %s answers 400 naming %s', async (url, field) => {
    const response = await places().get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 400, error: 'Bad Request', field });
    expect(places().geocoder.requests).toHaveLength(0);
  });
});

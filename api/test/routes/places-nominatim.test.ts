import { describe, expect, it } from 'vitest';
import { CENTRAL_LIBRARY, GUTHRIE_THEATER, MILL_CITY_MUSEUM, nominatimResult } from '../fakes/index.js';
import { usePlacesApp, WALKER_PLACE } from '../support/places-app.js';

const places = usePlacesApp('nominatim');

const results = (url: string) => places().results(url);

describe('address search through Nominatim', () => {
  it('geocodes into the same shape as Photon, coordinates as numbers', async () => {
    const [first] = await results('/api/geocode?address=walker%20art');
    expect(first).toEqual(WALKER_PLACE);
  });

  it('asks for jsonv2 with address details and names itself, as the usage policy requires', async () => {
    await results('/api/places/autocomplete?input=mill%20city&lat=44.97997&lng=-93.26384');
    const [sent] = places().geocoder.requestsTo('/search');
    expect(sent?.query.get('q')).toBe('mill city');
    expect(sent?.query.get('format')).toBe('jsonv2');
    expect(sent?.query.get('addressdetails')).toBe('1');
    expect(sent?.headers['user-agent']).toMatch(/^allstall\//);
  });

  it('finds the address at a spot, and nothing where Nominatim finds nothing', async () => {
    const [here] = await results(`/api/places/reverse?lat=${GUTHRIE_THEATER.lat}&lng=${GUTHRIE_THEATER.lng + 0.0003}`);
    expect(here?.name).toBe('Guthrie Theater');
    expect(await results('/api/places/reverse?lat=0&lng=0')).toEqual([]);
  });

  it('drops results whose coordinates are not numbers', async () => {
    const broken = { ...nominatimResult(MILL_CITY_MUSEUM), lat: 'unknown' };
    places().geocoder.respondWith([broken, nominatimResult(GUTHRIE_THEATER)]);
    expect((await results('/api/geocode?address=south%202nd%20street')).map((place) => place.name)).toEqual(['Guthrie Theater']);
  });

  it('looks a place up by its OpenStreetMap id, with hours from Overpass', async () => {
    const found = await places().details(CENTRAL_LIBRARY);
    expect(found.place.formatted_address).toBe('300 Nicollet Mall, Minneapolis, MN 55401');
    expect(found.hours).toContainEqual({ day: 5, open: 930, close: 1730 });
    expect(places().geocoder.requestsTo('/lookup')[0]?.query.get('osm_ids')).toBe(`W${CENTRAL_LIBRARY.osm.id}`);
  });

  it('still answers the place, hours unknown, when Overpass is down', async () => {
    places().overpass.fail('close');
    expect(await places().details(MILL_CITY_MUSEUM)).toMatchObject({ place: { name: 'Mill City Museum' }, hours: null, existing: null });
  });
});

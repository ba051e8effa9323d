import { describe, expect, it } from 'vitest';
import { PmtilesFormatError } from './pmtiles-header.js';
import { plainAttribution, readPmtilesMetadata } from './pmtiles-metadata.js';

/** The metadata `pmtiles extract` keeps from a Protomaps daily build, cut to what matters here. */
const PROTOMAPS_BUILD_METADATA = {
  name: 'Protomaps Basemap',
  attribution: '<a href="https://github.com/protomaps/basemaps">Protomaps</a> © <a href="https://openstreetmap.org">OpenStreetMap</a>',
  type: 'baselayer',
  version: '4.10.0',
  'planetiler:osm:osmosisreplicationtime': '2025-06-01T20:21:52Z',
  vector_layers: [
    { id: 'earth', fields: {}, minzoom: 0, maxzoom: 15 },
    { id: 'water', fields: { kind: 'String' } },
    { id: 'roads', fields: {}, minzoom: 3 },
  ],
};

describe('readPmtilesMetadata', () => {
  it('reads the attribution as plain text, the vector layers and the OpenStreetMap data time of a Protomaps build', () => {
    expect(readPmtilesMetadata(JSON.stringify(PROTOMAPS_BUILD_METADATA))).toEqual({
      attribution: 'Protomaps © OpenStreetMap',
      vectorLayers: [{ id: 'earth', minzoom: 0, maxzoom: 15 }, { id: 'water' }, { id: 'roads', minzoom: 3 }],
      dataVersion: '2025-06-01T20:21:52Z',
    });
  });

  it('takes the conventional version when Planetiler recorded no data time', () => {
    expect(readPmtilesMetadata(JSON.stringify({ version: '1.2.0' })).dataVersion).toBe('1.2.0');
  });

  it('reads metadata without these keys, or with values of the wrong type, as absent', () => {
    const none = { attribution: null, vectorLayers: [], dataVersion: null };
    expect(readPmtilesMetadata('{}')).toEqual(none);
    expect(readPmtilesMetadata(JSON.stringify({ attribution: 7, version: ['1'], vector_layers: 'earth' }))).toEqual(none);
    expect(readPmtilesMetadata(JSON.stringify({ attribution: '  ', vector_layers: [null, { id: '' }, { name: 'x' }, { id: 'ok', minzoom: '3' }] }))).toEqual({
      ...none,
      vectorLayers: [{ id: 'ok' }],
    });
    expect(readPmtilesMetadata(JSON.stringify({ attribution: '<b></b>' })).attribution).toBeNull();
  });

  it('refuses metadata that is not a JSON object', () => {
    expect(() => readPmtilesMetadata('{"name": ')).toThrow(PmtilesFormatError);
    expect(() => readPmtilesMetadata('{"name": ')).toThrow(/metadata is not valid JSON/);
    expect(() => readPmtilesMetadata('[1, 2]')).toThrow(/metadata is not a JSON object/);
    expect(() => readPmtilesMetadata('null')).toThrow(/metadata is not a JSON object/);
  });
});

describe('plainAttribution', () => {
  it('keeps the words of links and decodes character references', () => {
    expect(plainAttribution('&copy; <a href="https://openstreetmap.org/copyright">OpenStreetMap</a>\n contributors')).toBe('© OpenStreetMap contributors');
  });

  it('never leaves anything that could be read as a tag, even from encoded markup', () => {
    const text = plainAttribution('OSM <img src=x onerror=alert(1)> &lt;script&gt;alert(2)&lt;/script&gt;');
    expect(text).not.toMatch(/[<>]/);
    expect(text).toBe('OSM scriptalert(2)/script');
  });
});

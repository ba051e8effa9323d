import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEFAULT_REGION } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { temporaryDirs } from '../support/temporary-dirs.js';
import { SOURCE_CONDITION } from '../../../build/source-condition.mjs';
import { createTestApp } from '../support/helpers.js';

const freshDir = temporaryDirs('allstall-region-');

/** A Chicago deployment, every REGION_* variable set (the city limits as two boxes, to show several work). */
const CHICAGO_ENV = {
  REGION_NAME: 'Chicago',
  REGION_MAP_CENTER: '41.8819,-87.6278',
  REGION_MAP_ZOOM: '14',
  REGION_LIST_ORIGIN: '41.8786, -87.6251',
  REGION_IMPORT_BOXES: '41.644,-87.94,41.85,-87.524; 41.85,-87.94,42.023,-87.524',
  REGION_IMPORT_POINT: '41.8781,-87.6298',
  REGION_STATE: 'IL',
  REGION_COUNTRY: 'us',
  REGION_UNITS: 'KM',
  REGION_TIME_ZONE: 'america/chicago',
};

const CHICAGO_REGION = {
  name: 'Chicago',
  state: 'IL',
  country: 'US',
  timeZone: 'America/Chicago',
  mapCenter: { lat: 41.8819, lng: -87.6278 },
  mapZoom: 14,
  listOrigin: { lat: 41.8786, lng: -87.6251 },
  listOriginName: 'downtown Chicago',
  listOriginNames: { es: 'el centro de Chicago' },
  importPoint: { lat: 41.8781, lng: -87.6298 },
  importBoxes: [
    { south: 41.644, west: -87.94, north: 41.85, east: -87.524 },
    { south: 41.85, west: -87.94, north: 42.023, east: -87.524 },
  ],
  units: 'km',
};

describe('the region from REGION_* variables', () => {
  it('is the launch region, Minneapolis in miles, when nothing is set', () => {
    expect(loadConfig({}, freshDir()).region).toEqual(DEFAULT_REGION);
    // Blank counts as unset, as for every other variable.
    expect(loadConfig({ REGION_NAME: '  ', REGION_IMPORT_BOXES: '' }, freshDir()).region).toEqual(DEFAULT_REGION);
  });

  it('reads a whole Chicago deployment, normalising case and spacing', () => {
    expect(loadConfig(CHICAGO_ENV, freshDir()).region).toEqual(CHICAGO_REGION);
  });

  it('lets the list origin and the Refuge review point follow a moved map centre, but not the import boxes', () => {
    const region = loadConfig({ REGION_MAP_CENTER: '39.7392,-104.9903' }, freshDir()).region;
    expect(region.mapCenter).toEqual({ lat: 39.7392, lng: -104.9903 });
    expect(region.listOrigin).toEqual({ lat: 39.7392, lng: -104.9903 });
    expect(region.importPoint).toEqual({ lat: 39.7392, lng: -104.9903 });
    expect(region.importBoxes).toEqual(DEFAULT_REGION.importBoxes);
    // Set on their own, each keeps its own value.
    const own = loadConfig({ REGION_MAP_CENTER: '39.7392,-104.9903', REGION_LIST_ORIGIN: '39.75,-105', REGION_IMPORT_POINT: '39.7,-104.9' }, freshDir()).region;
    expect(own.listOrigin).toEqual({ lat: 39.75, lng: -105 });
    expect(own.importPoint).toEqual({ lat: 39.7, lng: -104.9 });
  });

  it('names the list origin "downtown NAME" (in Spanish "el centro de NAME") unless a state- or country-wide deployment names it', () => {
    const denver = loadConfig({ REGION_NAME: 'Denver' }, freshDir()).region;
    expect([denver.listOriginName, denver.listOriginNames]).toEqual(['downtown Denver', { es: 'el centro de Denver' }]);
    const state = loadConfig({ REGION_NAME: 'Minnesota', REGION_LIST_ORIGIN_NAME: 'the State Capitol' }, freshDir()).region;
    expect([state.listOriginName, state.listOriginNames]).toEqual(['the State Capitol', {}]);
  });

  it('names the list origin per language: the name for any language, then "|code=name" for each other', () => {
    const region = loadConfig({ REGION_LIST_ORIGIN_NAME: 'the State Capitol | ES = el Capitolio estatal|fr=le Capitole' }, freshDir()).region;
    expect(region.listOriginName).toBe('the State Capitol');
    expect(region.listOriginNames).toEqual({ es: 'el Capitolio estatal', fr: 'le Capitole' });
    expect(loadConfig({}, freshDir()).region.listOriginNames).toEqual({ es: 'el centro de Minneapolis' });
  });

  it('accepts a trailing ";" after the last box and a one-box area', () => {
    expect(loadConfig({ REGION_IMPORT_BOXES: '41.644,-87.94,42.023,-87.524;' }, freshDir()).region.importBoxes).toEqual([
      { south: 41.644, west: -87.94, north: 42.023, east: -87.524 },
    ]);
  });

  it.each([
    ['REGION_NAME', 'x'.repeat(61)],
    ['REGION_LIST_ORIGIN_NAME', 'x'.repeat(81)],
    ['REGION_LIST_ORIGIN_NAME', `downtown|es=${'x'.repeat(81)}`],
    ['REGION_LIST_ORIGIN_NAME', 'downtown|el centro'],
    ['REGION_LIST_ORIGIN_NAME', 'downtown|es='],
    ['REGION_LIST_ORIGIN_NAME', 'downtown|es=el centro|es=otro'],
    ['REGION_MAP_CENTER', '41.88'],
    ['REGION_MAP_CENTER', 'Chicago'],
    ['REGION_MAP_CENTER', '91,-87.6'],
    ['REGION_MAP_CENTER', '41.88,-181'],
    ['REGION_MAP_CENTER', '41.88,-87.6,3'],
    ['REGION_MAP_ZOOM', '0'],
    ['REGION_MAP_ZOOM', '20'],
    ['REGION_MAP_ZOOM', '14.5'],
    ['REGION_MAP_ZOOM', 'close'],
    ['REGION_LIST_ORIGIN', '41.88;-87.6'],
    ['REGION_LIST_ORIGIN', '-90.5,0'],
    ['REGION_IMPORT_POINT', 'NaN,NaN'],
    ['REGION_IMPORT_POINT', '0,200'],
    ['REGION_IMPORT_BOXES', ';'],
    ['REGION_IMPORT_BOXES', '41.6,-87.9,42.0'],
    ['REGION_IMPORT_BOXES', '42.0,-87.9,41.6,-87.5'],
    ['REGION_IMPORT_BOXES', '41.6,-87.5,42.0,-87.9'],
    ['REGION_IMPORT_BOXES', '41.6,-87.9,42.0,-87.5;;41.0,-88,41.5,-87'],
    ['REGION_IMPORT_BOXES', '41.6,-87.9,42.0,-87.5;-95,-88,41.5,-87'],
    ['REGION_IMPORT_BOXES', '41.6,-187.9,42.0,-87.5'],
    ['REGION_STATE', 'x'.repeat(21)],
    ['REGION_COUNTRY', 'USA'],
    ['REGION_COUNTRY', 'U1'],
    ['REGION_UNITS', 'miles'],
    ['REGION_UNITS', 'm'],
    ['REGION_TIME_ZONE', 'Central Time'],
    ['REGION_TIME_ZONE', 'America/Chicag'],
  ])('names %s when its value (%s) is unusable', (variable, value) => {
    let thrown: unknown;
    try {
      loadConfig({ ...CHICAGO_ENV, [variable]: value }, freshDir());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe(variable);
    expect((thrown as ConfigError).message.startsWith(`${variable}: `)).toBe(true);
  });

  it('reaches clients through /api/config, without what only the importers use', async () => {
    const testApp = await createTestApp(CHICAGO_ENV);
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(200);
      const { importBoxes: _boxes, importPoint: _point, ...sent } = CHICAGO_REGION;
      expect(response.json().region).toEqual(sent);
    } finally {
      await testApp.close();
    }
  });

  it('stops the real server at start, saying which variable is wrong', { timeout: 180_000 }, async () => {
    const apiDir = fileURLToPath(new URL('../../', import.meta.url));
    const run = promisify(execFile)(process.execPath, [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: freshDir(), REGION_IMPORT_BOXES: '42.0,-87.9,41.6,-87.5', LOG_LEVEL: 'silent' },
      timeout: 170_000,
    });
    const failure = await run.then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toBe('allstall cannot start: REGION_IMPORT_BOXES: the box: south (42) must be below north (41.6).\n');
  });
});

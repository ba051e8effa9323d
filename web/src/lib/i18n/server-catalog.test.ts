import { describe, expect, it } from 'vitest';
import { API_ERROR_MESSAGES, apiErrorMessage, type ApiErrorCode } from '@allstall/shared';
import english from './catalogs/en/server.json';
import { i18n } from './i18n';

const codes = Object.keys(API_ERROR_MESSAGES) as ApiErrorCode[];

/** A value for every argument any template names, to render each one both ways. */
const SAMPLE_VALUES = [
  { minutes: 1, day: 'monday', status: 'approved', service: 'address', max: 4 },
  { minutes: 1440, day: 'saturday', status: 'rejected', service: 'refuge', max: 256 },
  { minutes: 5, day: 'day 9', status: 'open', service: 'mapData', max: 64 },
].map((varying) => ({
  ...varying,
  field: 'rows.3.name',
  name: 'Robin',
  method: 'GET',
  path: '/api/nope',
  header: 'x-requested-with',
  value: 'allstall',
  source: 'OpenStreetMap',
  sourceId: 'node/123',
  part: 'body',
  other: 'lng',
}));

describe('the server messages in the English catalog', () => {
  it('exist for every code the api and the shared validation use, and for nothing else', () => {
    expect(Object.keys(english).sort()).toEqual(codes.map((code) => `server.${code}`).sort());
  });

  it('are word for word the templates the server makes its English messages from', () => {
    const catalog = english as Record<string, string>;
    const differing = codes.filter((code) => catalog[`server.${code}`] !== API_ERROR_MESSAGES[code]);
    expect(differing).toEqual([]);
  });

  it('render in the app exactly as the server formats them', () => {
    for (const values of SAMPLE_VALUES) {
      for (const code of codes) expect(i18n._(`server.${code}`, values), code).toBe(apiErrorMessage(code, values));
    }
  });
});

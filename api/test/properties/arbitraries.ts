import { IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@allstall/shared';
import fc from 'fast-check';
import { SEEDED_ROWS, seededId, type SeededRow } from './placeholders.js';

/*
 * Generators for the parts of a write request around its body: who sends it, from which address,
 * with which headers, to which id, with which query string. Each mixes what the web client sends
 * (so a good share of requests is accepted) with what a broken or hostile client might.
 */

/** Who sends a request: a guest, a seeded account, or someone with a cookie that opens no session. */
export type Sender = 'guest' | 'user' | 'admin' | { forgedCookie: string };

/** How often each kind of sender appears for a route. */
export type SenderMix = Record<'guest' | 'user' | 'admin' | 'forged', number>;

/** The cookie names a session is looked up by, with values that are not a session the server signed. */
const forgedCookie: fc.Arbitrary<Sender> = fc
  .oneof(
    fc.constantFrom('allstall_sid=', 'allstall_sid=.', 'allstall_sid=%', 'allstall_sid=a.b', 'allstall_sid=; allstall_sid=x'),
    fc.string({ maxLength: 60 }).map((value) => `allstall_sid=${encodeURIComponent(value)}`),
    fc.uuid().map((id) => `allstall_sid=${id}.c2lnbmF0dXJl`),
    fc.constant(`allstall_sid=${'a'.repeat(8000)}`),
  )
  .map((cookie) => ({ forgedCookie: cookie }));

/** A sender, drawn as often as `mix` says. */
export function sender(mix: SenderMix): fc.Arbitrary<Sender> {
  return fc.oneof(
    { weight: mix.guest, arbitrary: fc.constant<Sender>('guest') },
    { weight: mix.user, arbitrary: fc.constant<Sender>('user') },
    { weight: mix.admin, arbitrary: fc.constant<Sender>('admin') },
    { weight: mix.forged, arbitrary: forgedCookie },
  );
}

/**
 * The client's address. Never 127.0.0.1, where the seeded accounts are made: the login and sign-up
 * rate limits count failures per address, and the fixtures must not be held up by them. A few fixed
 * addresses come back often enough to reach those limits.
 */
export const clientAddress: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('10.9.0.1', '10.9.0.2', '2001:db8::7'),
  fc.ipV4().filter((address) => !address.startsWith('127.')),
  fc.ipV6(),
);

/** Printable text for header values, sometimes with Latin-1 letters, which HTTP headers may carry. */
const headerText = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('é', 'ÿ\u00a0'));

/** Two values of a header sent twice reach the server joined with a comma, as Node joins them. */
const twice = (value: string) => `${value}, ${value}`;

/** A fixed handful of keys, so keys get spent and then come back for another write or another person. */
const REUSED_KEYS = ['0190a1b2-0000-7000-8000-000000000001', '0190a1b2-0000-7000-8000-000000000002', '0190a1b2-0000-7000-8000-000000000003'];

const idempotencyKey: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 5, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.uuid().map((key) => key.toUpperCase()) },
  { weight: 1, arbitrary: fc.constantFrom(...REUSED_KEYS) },
  // A key that is already another row's id.
  { weight: 1, arbitrary: fc.constantFrom(...SEEDED_ROWS).map((row) => seededId(row)) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      headerText,
      fc.uuid().map((key) => ` ${key}`),
      fc.uuid().map((key) => `${key}0`),
      fc.uuid().map((key) => key.replaceAll('-', '')),
      fc.uuid().map(twice),
      fc.constant('x'.repeat(20_000)),
    ),
  },
);

const requestedWith: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(REQUESTED_WITH_VALUE) },
  { weight: 2, arbitrary: fc.constantFrom(undefined, '', 'XMLHttpRequest', REQUESTED_WITH_VALUE.toUpperCase(), ` ${REQUESTED_WITH_VALUE}`, twice(REQUESTED_WITH_VALUE)) },
  { weight: 1, arbitrary: headerText },
);

const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'Application/JSON', ' application/json ', 'application/json;charset=latin1') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----allstall',
      'application/json-patch+json',
      'application/jsonx',
      '*/*',
      twice('application/json'),
    ),
  },
  { weight: 1, arbitrary: headerText },
);

/** `host`, and the Origin a browser would send with it, when the request says where it comes from. */
const siteHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 10, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: fc.constant({ host: 'allstall.example', origin: 'https://allstall.example' }) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom('null', 'https://evil.example', 'http://localhost.evil.example', 'not a url', '', 'https://allstall.example:8443', 'file://')
      .map((origin) => ({ host: 'allstall.example', origin })),
  },
  { weight: 1, arbitrary: headerText.map((origin) => ({ origin })) },
);

const fetchSite: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom('same-origin', 'none', 'same-site', 'cross-site', 'SAME-ORIGIN', '', twice('same-origin')) },
);

/** Headers the routes do not read, some of them huge or misleading. */
const otherHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom('x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-http-method-override', 'accept', 'user-agent', 'x-filler', 'x-user-id'),
  fc.oneof(headerText, fc.constantFrom('x'.repeat(60_000), '127.0.0.1, 10.0.0.1', 'DELETE', 'https', seededId('admin'))),
  { maxKeys: 3 },
);

/** Every header of a write but the cookie, which comes from the sender. */
export const writeHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record({ requestedWith, contentType, siteHeaders, fetchSite, idempotencyKey, otherHeaders })
  .map(({ requestedWith, contentType, siteHeaders, fetchSite, idempotencyKey, otherHeaders }) => {
    const headers: Record<string, string | undefined> = {
      ...otherHeaders,
      ...siteHeaders,
      [REQUESTED_WITH_HEADER]: requestedWith,
      'content-type': contentType,
      'sec-fetch-site': fetchSite,
      [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
    };
    return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
  });

/** What the web client sends on a write: its constant header, JSON, sometimes a fresh key and a browser's Origin. */
export const clientHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record({
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
    key: fc.option(fc.uuid(), { nil: undefined }),
    site: fc.constantFrom<Record<string, string>>({}, { host: 'allstall.example', origin: 'https://allstall.example', 'sec-fetch-site': 'same-origin' }),
  })
  .map(({ contentType, key, site }) => ({
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    'content-type': contentType,
    ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }),
    ...site,
  }));

/** The id segment of a route's path: mostly a seeded row the route is about, else anything at all. */
export function pathId(targets: readonly SeededRow[]): fc.Arbitrary<string> {
  const target = targets[0] ?? 'restroom';
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...targets.map((row) => seededId(row))) },
    { weight: 1, arbitrary: fc.constantFrom(...targets.map((row) => seededId(row, true))) },
    { weight: 3, arbitrary: fc.constantFrom(...SEEDED_ROWS).map((row) => seededId(row)) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '..',
        '%2e%2e',
        '..%2f..%2fuser',
        '%2e%2e%2fusers',
        '%00',
        '%ZZ',
        `${seededId(target)}%00`,
        `${seededId(target)}%20`,
        `%20${seededId(target)}`,
        `${seededId(target)}/extra`,
        `${seededId(target)}.json`,
        `${seededId(target)};x=1`,
        'null',
        '0',
        '-1',
        '*',
        'a'.repeat(5000),
      ),
    },
  );
}

const queryWord = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('since', 'all', 'id', 'is_admin', '__proto__', 'constructor[prototype][x]', 'a[]'));

/** A query string, which no write reads: mostly none. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(queryWord, queryWord), { minLength: 1, maxLength: 4 })
      .map((pairs) => `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?&&=',
      '?a=%ZZ',
      '?%00=%00',
      '?__proto__[is_admin]=1',
      '?since=1&since=2',
      '?all=1&is_admin=true',
      `?id=${seededId('admin')}`,
      '?_method=GET',
      `?x=${'y'.repeat(10_000)}`,
    ),
  },
);

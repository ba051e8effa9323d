import fc from 'fast-check';
import { SEEDED_ROWS, seededId } from './placeholders.js';

/*
 * Generators for request bodies: from a route's valid bodies, the same with one field dropped,
 * replaced by something hostile or joined by an extra one; text that is not JSON at all; and JSON
 * of any shape.
 */

/** A JSON value, as generated bodies are built before they are written out as text. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Lengths just past the schemas' limits (50, 64, 100, 200, 256, 300, 2000, 5000) and past the body limit. */
const PAST_LIMITS = [51, 65, 101, 201, 257, 301, 2001, 5001, 1_100_000];

const unicodeText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('\u202eevil', '\ufeffbom', '\ud800', '\udfff\ud800', '𝕏𝕪', '\u0301', 'ﷺ'.repeat(64), 'Ǆ'.repeat(40), '\u200b'),
);

/** Numbers at the edges: negative, fractional, past 32-bit and 53-bit integers, tiny, huge. */
const edgeNumber: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(-1, -0.5, 0.5, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 5e-324) },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** Dates the date-time format lets through that are odd all the same: a leap second, year 0, far offsets. */
const edgeDate = fc.oneof(
  fc.constantFrom('2016-12-31T23:59:60Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999999Z', '2019-06-14T17:20:31+14:00', '2019-06-14t17:20:31z'),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);

/** Text at the edges: too long, with a NUL, odd Unicode, odd dates, hostile markup and paths. */
const edgeText: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(...PAST_LIMITS).map((length) => 'x'.repeat(length)),
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000${text}`),
  unicodeText,
  edgeDate,
  fc.constantFrom('', ' ', '<script>alert(1)</script>', "'; drop table users; --", '../../etc/passwd', '%00', '{{not a placeholder'),
);

/** Values that break a field: the wrong type, too long, a NUL, odd Unicode, hostile text, extreme numbers. */
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, 0, 1, '0', 'true', 'null', [], {}, [null], { a: 1 }),
  edgeNumber,
  edgeText,
  fc.uuid(),
  fc.constantFrom(...SEEDED_ROWS).map((row) => seededId(row)),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
);

/** A property name `JSON.stringify` writes out even when it is `__proto__`. */
function withProperty(object: { [key: string]: Json }, key: string, value: Json): { [key: string]: Json } {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'user_id', 'is_admin', 'status', 'toString', ''),
  fc.string({ maxLength: 20 }),
);

type Step = string | number;

/** Every place inside `value` a mutation can touch, as paths from the top. */
function pathsIn(value: Json, prefix: Step[] = []): Step[][] {
  if (Array.isArray(value)) return value.flatMap((child, index) => [[...prefix, index], ...pathsIn(child, [...prefix, index])]);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...pathsIn(child, [...prefix, key])]);
}

/** `value` with what is at `path` replaced by `change(old)`, or removed when that answers undefined. */
function changedAt(value: Json, path: readonly Step[], change: (old: Json) => Json | undefined): Json {
  const [step, ...rest] = path;
  if (step === undefined) return change(value) ?? null;
  if (Array.isArray(value) && typeof step === 'number') {
    const child = value[step];
    if (child === undefined) return value;
    const next = rest.length === 0 ? change(child) : changedAt(child, rest, change);
    return next === undefined ? value.filter((_, index) => index !== step) : value.map((old, index) => (index === step ? next : old));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof step !== 'string') return value;
  const child = value[step];
  if (child === undefined) return value;
  const next = rest.length === 0 ? change(child) : changedAt(child, rest, change);
  const { [step]: _dropped, ...others } = value;
  return next === undefined ? others : withProperty(others, step, next);
}

/** A replacement for a field: one at the edges of its own type when it holds a number or text, else anything. */
interface Replacement {
  forNumber: Json;
  forText: Json;
  forOther: Json;
}

type Mutation = { kind: 'drop' } | { kind: 'replace'; value: Replacement } | { kind: 'add'; key: string; value: Json };

const sameTypeMostly = (edge: fc.Arbitrary<Json>) => fc.oneof({ weight: 2, arbitrary: edge }, { weight: 1, arbitrary: hostileValue });

const replacement: fc.Arbitrary<Replacement> = fc.record({
  forNumber: sameTypeMostly(edgeNumber),
  forText: sameTypeMostly(edgeText),
  forOther: hostileValue,
});

function replacing(old: Json, value: Replacement): Json {
  if (typeof old === 'number') return value.forNumber;
  return typeof old === 'string' ? value.forText : value.forOther;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'drop' }) },
  { weight: 4, arbitrary: replacement.map((value): Mutation => ({ kind: 'replace', value })) },
  { weight: 1, arbitrary: fc.tuple(extraKey, hostileValue).map(([key, value]): Mutation => ({ kind: 'add', key, value })) },
);

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(value: Json, path: readonly Step[]): Json | undefined {
  return path.reduce<Json | undefined>((current, step) => {
    if (Array.isArray(current) && typeof step === 'number') return current[step];
    return isObject(current) && typeof step === 'string' ? current[step] : undefined;
  }, value);
}

function mutate(body: Json, pick: number, change: Mutation): Json {
  const paths = pathsIn(body);
  const path = paths[pick % Math.max(paths.length, 1)] ?? [];
  switch (change.kind) {
    case 'drop':
      return changedAt(body, path, () => undefined);
    case 'replace':
      return changedAt(body, path, (old) => replacing(old, change.value));
    case 'add': {
      // Into the chosen field when it is an object, else beside it.
      const into = isObject(valueAt(body, path)) ? path : path.slice(0, -1);
      return changedAt(body, into, (old) => (isObject(old) ? withProperty(old, change.key, change.value) : old));
    }
  }
}

/** A body the route would accept, with one field dropped, replaced by something hostile, or joined by an extra one. */
function mutatedBody(valid: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc.tuple(valid, fc.nat(), mutation).map(([body, pick, change]) => mutate(body, pick, change));
}

/** Tokens that are not JSON values, or are JSON values JavaScript reads oddly (1e999 is Infinity). */
const NOT_QUITE_JSON = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x1F', '01', '.5', '+1', 'undefined', "'single'", 'tru', '"\\ud800"', '"\\u0000"', '"\\x41"', '1_000', '[', '}'];

/** A value (not a key) in JSON text: a string, number, true, false or null after `:`, `[` or `,`. */
const JSON_VALUE_TOKEN = /(?<=[:[,]\s*)(?:"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)(?!\s*:)/g;

function withTokenSwapped(text: string, pick: number, token: string): string {
  const matches = [...text.matchAll(JSON_VALUE_TOKEN)];
  const match = matches[pick % Math.max(matches.length, 1)];
  if (match?.index === undefined) return `${text}${token}`;
  return `${text.slice(0, match.index)}${token}${text.slice(match.index + match[0].length)}`;
}

/** Text that is not JSON, or is JSON no route takes: cut short, with a bad token, nested too deep, and so on. */
function malformedJson(valid: fc.Arbitrary<Json>): fc.Arbitrary<string> {
  const validText = valid.map((body) => JSON.stringify(body));
  return fc.oneof(
    fc.tuple(validText, fc.nat()).map(([text, cut]) => text.slice(0, cut % Math.max(text.length, 1))),
    fc.tuple(validText, fc.nat(), fc.constantFrom(...NOT_QUITE_JSON)).map(([text, pick, token]) => withTokenSwapped(text, pick, token)),
    fc.tuple(validText, fc.string({ maxLength: 5 })).map(([text, tail]) => `${text}${tail}`),
    validText.map((text) => `\ufeff${text}`),
    validText.map((text) => `${text.slice(0, -1)},}`),
    fc.constantFrom('', ' ', '{', '[', '"', 'nul', '{"a":1,}', '{a:1}', "{'a':1}", '\u0000', '{"__proto__":{"is_admin":true}}', '{"constructor":{"prototype":{"is_admin":true}}}'),
    fc.integer({ min: 1, max: 200_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    fc.integer({ min: 1, max: 50_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
    fc.string({ unit: 'binary', maxLength: 60 }),
  );
}

/** An object of random fields, prototype-polluting ones among them. */
const randomObject: fc.Arbitrary<Json> = fc
  .array(fc.tuple(extraKey, hostileValue), { maxLength: 5 })
  .map((entries) => entries.reduce<{ [key: string]: Json }>((object, [key, value]) => withProperty(object, key, value), {}));

/**
 * The body text of a request (undefined for none): a third as the client would send it, the rest
 * broken in one of many ways. `valid` gives bodies the route accepts when the rest of the request is right.
 */
export function requestBody(valid: fc.Arbitrary<Json>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 5, arbitrary: valid.map((body) => JSON.stringify(body)) },
    { weight: 6, arbitrary: mutatedBody(valid).map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.jsonValue().map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: randomObject.map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: malformedJson(valid) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** The body of a route that takes none: mostly none, else something it must ignore or refuse. */
export const ignoredBody: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom('{}', '[]', 'null', '""') },
  { weight: 1, arbitrary: randomObject.map((body) => JSON.stringify(body)) },
  { weight: 1, arbitrary: malformedJson(fc.constant({})) },
);

import { RESTROOM_ACCESS_VALUES, RESTROOM_FEE_VALUES, type WeeklyHours } from '@allstall/shared';
import fc from 'fast-check';
import { flagBody } from '../support/fixtures.js';
import { refugeImportRow } from '../support/import-fixtures.js';
import type { Json } from './body-arbitraries.js';
import { credential, seededId, type SeededRow } from './placeholders.js';

/*
 * For each write, bodies it accepts (given the right sender, headers and id), varied the way real
 * input varies: any Unicode text within the limits, both thumbs, positions anywhere on the globe,
 * timetables. A few are still refused by a rule beyond the schema (both thumbs up and down,
 * overlapping hours), which is fine: they are refusals reached late, after every early check passed.
 */

/** Text of up to `maxGraphemes` characters as people type them, accents and emoji included. */
const text = (maxGraphemes: number, minLength = 0) => fc.string({ unit: 'grapheme', minLength, maxLength: maxGraphemes });

/** A client-made UUID: usually one of the seeded rows', so the write meets a real row. */
const idOf = (row: SeededRow) => fc.oneof({ weight: 4, arbitrary: fc.constant(seededId(row)) }, { weight: 1, arbitrary: fc.uuid() });

const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([hours, minutes]) => hours * 100 + minutes);
const weeklyHours: fc.Arbitrary<WeeklyHours> = fc.oneof(
  fc.constant(null),
  fc.array(fc.record({ day: fc.integer({ min: 0, max: 6 }), open: hhmm, close: hhmm }), { minLength: 1, maxLength: 3 }),
);

const coordinates = fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) });
const position = fc.oneof(fc.constant({ latitude: null, longitude: null }), coordinates);

const listingFlags = {
  unisex: fc.boolean(),
  accessible: fc.boolean(),
  changing_table: fc.boolean(),
  is_single_stall: fc.boolean(),
  menstrual_products: fc.boolean(),
};

/** Who may use it and whether it costs, each known or unknown (null), as an admin's edit sets them. */
const listingChoices = {
  access: fc.constantFrom(...RESTROOM_ACCESS_VALUES, null),
  fee: fc.constantFrom(...RESTROOM_FEE_VALUES, null),
};

/** Register: mostly a fresh name, sometimes a taken one; a password the rules may or may not accept. */
export const registration: fc.Arbitrary<Json> = fc.record({
  username: fc.oneof(
    { weight: 4, arbitrary: text(30, 1) },
    { weight: 1, arbitrary: fc.constantFrom(credential('user', 'username'), credential('admin', 'username')) },
  ),
  password: fc.oneof({ weight: 4, arbitrary: fc.string({ minLength: 15, maxLength: 60 }) }, { weight: 1, arbitrary: text(20, 1) }),
});

/** Log in: the right password for a seeded account, or a guess. */
export const credentials: fc.Arbitrary<Json> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('user' as const, 'admin' as const).map((account) => ({
      username: credential(account, 'username'),
      password: credential(account, 'password'),
    })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      username: fc.oneof(fc.constantFrom(credential('user', 'username'), credential('admin', 'username')), text(30, 1)),
      password: fc.oneof(fc.constantFrom(credential('user', 'password'), credential('admin', 'password')), text(30, 1)),
    }),
  },
);

/** 'I peed here!' */
export const feedback: fc.Arbitrary<Json> = fc.record(
  { restroom_id: idOf('restroom'), upvote: fc.constantFrom(0, 1), downvote: fc.constantFrom(0, 1), comment: text(300) },
  { requiredKeys: ['restroom_id', 'upvote', 'downvote'] },
);

/** 'Something not look right?' */
export const flag: fc.Arbitrary<Json> = fc
  .record({ restroom_id: idOf('restroom'), name: text(60), street: text(60), city: text(40), state: text(20), other: text(300), is_closed: fc.boolean(), ...listingFlags })
  .map((fields) => ({ ...flagBody(seededId('restroom')), ...fields }));

/** 'Contact Us!' */
export const contact: fc.Arbitrary<Json> = fc.record({ details: text(300) });

/** 'Submit bathroom', sometimes naming the new restroom's id as an offline client does. */
export const newRestroom: fc.Arbitrary<Json> = fc
  .record(
    {
      id: fc.uuid(),
      placeID: fc.constantFrom(null, 'osm:N240109189', 'osm:W1'),
      name: text(60, 1),
      formatted_address: text(120, 1),
      accessible: fc.boolean(),
      is_public: fc.boolean(),
      unisex: fc.boolean(),
      changing_table: fc.boolean(),
      single_stall: fc.boolean(),
      position,
      commentForAdmin: text(200),
      comment: text(200),
      hours: weeklyHours,
    },
    { requiredKeys: ['name', 'formatted_address', 'accessible', 'is_public', 'unisex', 'changing_table', 'single_stall', 'position', 'hours'] },
  )
  .map(({ position: where, hours, ...fields }) => ({ bathroomToAdd: { ...fields, ...where }, bathroomHours: hours }));

/** 'Approve' or 'Reject suggestions', with the admin's own edits over the proposal. */
export const flagDecision: fc.Arbitrary<Json> = fc.record(
  {
    status: fc.constantFrom('approved', 'rejected'),
    edits: fc.record({ name: text(60, 1), street: text(60), city: text(40), state: text(20), is_closed: fc.boolean(), ...listingFlags, ...listingChoices }, { requiredKeys: [] }),
  },
  { requiredKeys: ['status'] },
);

/** 'Mark as resolved' */
export const contactDecision: fc.Arbitrary<Json> = fc.constant({ resolved: true });

/** An admin's edit, verdict, removal or showing again of a restroom, alone or together. */
export const restroomDecision: fc.Arbitrary<Json> = fc
  .tuple(
    fc.record(
      {
        name: text(60, 1),
        street: text(60),
        city: text(40),
        state: text(20),
        hours: weeklyHours,
        admin_comment: fc.option(text(100), { nil: null }),
        status: fc.constantFrom('approved', 'rejected'),
        is_removed: fc.boolean(),
        ...listingFlags,
        ...listingChoices,
      },
      { requiredKeys: [] },
    ),
    fc.option(position, { nil: undefined }),
  )
  .map(([fields, where]) => ({ ...fields, ...where }));

/** Make or unmake an admin. */
export const userRole: fc.Arbitrary<Json> = fc.record({ is_admin: fc.boolean() });

/** The /api tools' geocoding: from the start, or after some restroom. */
export const geocodeBatch: fc.Arbitrary<Json> = fc.record({ afterId: idOf('restroom') }, { requiredKeys: [] });

/** The /api tools' hours: a range of restroom ids, the seeded restroom's often at one end. */
export const hoursRange: fc.Arbitrary<Json> = fc.record({ minId: idOf('restroom'), maxId: idOf('restroom') });

const importRow = (sourceId: string) =>
  fc.record({ name: text(60, 1), street: text(60), city: text(40), upvotes: fc.nat(1000), downvotes: fc.nat(1000), hours: weeklyHours, position, ...listingFlags }).map(
    ({ position: where, ...fields }) => refugeImportRow(sourceId, { ...fields, ...where }),
  );

/**
 * 'Add all to database': a listing or two from either source, new or seen before. Few rows, so a
 * mutation of one field lands on each of a row's fields often enough.
 */
export const importBatch: fc.Arbitrary<Json> = fc
  .tuple(fc.constantFrom('refuge', 'osm'), fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 2 }))
  .chain(([source, ids]) =>
    fc.tuple(...ids.map((id) => importRow(source === 'osm' ? `node/${id}` : String(id)))).map((rows) => ({ source, rows })),
  );

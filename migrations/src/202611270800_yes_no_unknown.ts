import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/*
 * Yes, no or unknown (docs/product-rules.md#what-we-know). Every amenity may now be null, unknown,
 * and `public` (a boolean that could not tell "customers only" from "locked") gives way to `access`:
 * 'public', 'customers', 'key' or null. Flags' proposals follow, with a `proposed_access`.
 *
 * A stored false becomes unknown where its source never said no:
 * - demo (Refuge data from a student project): single stall false (the old project's default) and
 *   menstrual products (never asked) → unknown; Refuge's own three answers stay.
 * - refuge: single stall and menstrual products false → unknown; its three answers stay.
 * - osm: every false → unknown: the old mapping wrote false alike for "no tag" and for an explicit
 *   no, and the next import restores what the tags say.
 * - user: the add form asked all but menstrual products, so only that false → unknown.
 * Access: a person's addition marked public is 'public'; everything else is unknown (the imports
 * and the demo data assumed public, none stated it).
 *
 * Each changed restroom that travels in the feed takes a fresh version so every phone pulls it; a
 * pending one keeps version 0. `updated_at` stays: what we know about the place did not change.
 *
 * PostgreSQL alters the columns in place, inside the one transaction its migrations run in. SQLite
 * cannot drop NOT NULL, so there the tables are rebuilt by SQLite's documented procedure (foreign
 * keys off, outside any transaction, which SQLite's migrations run without; new table, copy, drop,
 * rename, indexes, foreign_key_check).
 */

const AMENITIES = ['unisex', 'accessible', 'changing_table', 'is_single_stall', 'menstrual_products'] as const;
type Amenity = (typeof AMENITIES)[number];
type Source = 'user' | 'refuge' | 'osm' | 'demo';

/** Per source, the amenities whose stored false the source never meant as "no". */
const FALSE_MEANS_UNKNOWN: Readonly<Record<Source, readonly Amenity[]>> = {
  demo: ['is_single_stall', 'menstrual_products'],
  refuge: ['is_single_stall', 'menstrual_products'],
  osm: AMENITIES,
  user: ['menstrual_products'],
};

type StoredAmenities = Record<Amenity, number | null>;
type Tables = {
  restrooms: StoredAmenities & { id: string; source: Source; public: number; access: string | null; version: number };
  flags: Record<`proposed_${Amenity}`, number | null> & { restroom_id: string; original_json: string | null; proposed_access: string | null };
  meta: { key: string; value: number };
};

/** Restrooms read at a time, so a national database is never held in memory at once. */
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = db.withTables<Tables>();
  // PostgreSQL runs every migration inside one transaction already; SQLite's migrations run without.
  const postgres = tables.isTransaction;
  if (postgres) {
    await db.schema
      .alterTable('restrooms')
      .addColumn('access', 'text')
      .execute();
    for (const amenity of AMENITIES) {
      await db.schema.alterTable('restrooms').alterColumn(amenity, (col) => col.dropNotNull()).execute();
      await db.schema.alterTable('restrooms').alterColumn(amenity, (col) => col.dropDefault()).execute();
      await db.schema.alterTable('flags').alterColumn(`proposed_${amenity}`, (col) => col.dropNotNull()).execute();
    }
    await db.schema.alterTable('flags').addColumn('proposed_access', 'text').execute();
    await learnWhatWeKnow(tables);
  } else {
    await withoutForeignKeys(db, async () => {
      await rebuildRestrooms(db, true);
      await rebuildFlags(db, true);
    });
    await tables.transaction().execute(learnWhatWeKnow);
  }
  await db.schema.alterTable('restrooms').dropColumn('public').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = db.withTables<Tables>();
  const postgres = tables.isTransaction;
  await db.schema.alterTable('restrooms').addColumn('public', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  // Unknown was public before, except for a person's own addition, whose form asked.
  await tables
    .updateTable('restrooms')
    .set({ public: sql<number>`case when access = 'public' or (access is null and source <> 'user') then 1 else 0 end` })
    .execute();
  for (const amenity of AMENITIES) {
    await tables.updateTable('restrooms').set({ [amenity]: 0 }).where(amenity, 'is', null).execute();
    await tables.updateTable('flags').set({ [`proposed_${amenity}`]: 0 }).where(`proposed_${amenity}`, 'is', null).execute();
  }
  if (postgres) {
    for (const amenity of AMENITIES) {
      await db.schema.alterTable('restrooms').alterColumn(amenity, (col) => col.setDefault(0)).execute();
      await db.schema.alterTable('restrooms').alterColumn(amenity, (col) => col.setNotNull()).execute();
      await db.schema.alterTable('flags').alterColumn(`proposed_${amenity}`, (col) => col.setNotNull()).execute();
    }
    await db.schema.alterTable('restrooms').dropColumn('access').execute();
    await db.schema.alterTable('flags').dropColumn('proposed_access').execute();
  } else {
    await withoutForeignKeys(db, async () => {
      await rebuildRestrooms(db, false);
      await rebuildFlags(db, false);
    });
  }
}

/**
 * Applies the rule above to every restroom, a batch at a time, versioning the changed ones the feed
 * carries. Flags keep their proposals: approving one applies only what it changes against the
 * restroom as it stood when raised (its original_json, read with access unknown), so a proposed
 * "no" that was merely the old form's default changes nothing, and a null proposed_access matches.
 * The oldest flags have no original and are compared with the restroom as it is now, so theirs must
 * follow the restroom: a proposed "no" where the restroom now holds unknown becomes unknown, and
 * they propose the access the restroom now has.
 */
async function learnWhatWeKnow(db: Kysely<Tables>): Promise<void> {
  let afterId = '';
  for (;;) {
    const rows = await db
      .selectFrom('restrooms')
      .select(['id', 'source', 'public', 'version', ...AMENITIES])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const last = rows.at(-1);
    if (last === undefined) break;
    afterId = last.id;

    const changed = rows.flatMap((row) => {
      const unknown = (FALSE_MEANS_UNKNOWN[row.source] ?? AMENITIES).filter((amenity) => row[amenity] === 0);
      const access = row.source === 'user' && row.public === 1 ? 'public' : null;
      const accessChanged = access !== (row.public === 1 ? 'public' : null);
      const set: Partial<StoredAmenities> & { access: string | null } = { access };
      for (const amenity of unknown) set[amenity] = null;
      return [{ id: row.id, set, changed: unknown.length > 0 || accessChanged, inFeed: Number(row.version) > 0 }];
    });
    let next = await reserveVersions(db, changed.filter((row) => row.changed && row.inFeed).length);
    for (const { id, set, changed: isChanged, inFeed } of changed) {
      await db
        .updateTable('restrooms')
        .set(isChanged && inFeed ? { ...set, version: next++ } : set)
        .where('id', '=', id)
        .execute();
    }
  }

  for (const amenity of AMENITIES) {
    await db
      .updateTable('flags')
      .set({ [`proposed_${amenity}`]: null })
      .where('original_json', 'is', null)
      .where(`proposed_${amenity}`, '=', 0)
      .where('restroom_id', 'in', (eb) => eb.selectFrom('restrooms').select('id').where(amenity, 'is', null))
      .execute();
  }
  await db
    .updateTable('flags')
    .set((eb) => ({
      proposed_access: eb.selectFrom('restrooms').select('restrooms.access').whereRef('restrooms.id', '=', 'flags.restroom_id'),
    }))
    .where('original_json', 'is', null)
    .execute();
}

/**
 * Takes `count` versions from the feed's counter as the api's `nextVersions` does and returns the
 * first. On PostgreSQL the update holds the counter's row until the migration commits, so an api
 * process writing meanwhile takes the versions after these.
 */
async function reserveVersions(db: Kysely<Tables>, count: number): Promise<number> {
  if (count === 0) return 0;
  const { value } = await db
    .updateTable('meta')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('key', '=', 'seq')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(value) - count + 1;
}

/** SQLite only: runs `rebuild` with foreign keys off, then checks every reference still holds. */
async function withoutForeignKeys(db: Kysely<unknown>, rebuild: () => Promise<void>): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await rebuild();
    const { rows } = await sql<Record<string, unknown>>`PRAGMA foreign_key_check`.execute(db);
    if (rows.length > 0) throw new Error(`The rebuilt tables break ${rows.length} foreign key reference(s): ${JSON.stringify(rows[0])}`);
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

/** An amenity column: nullable with no default (yes/no/unknown), or the old NOT NULL default 0. */
function amenityColumn<T extends string>(table: CreateTableBuilder<T>, name: string, unknownAllowed: boolean): CreateTableBuilder<T> {
  return unknownAllowed ? table.addColumn(name, 'integer') : table.addColumn(name, 'integer', (col) => col.notNull().defaultTo(0));
}

/**
 * SQLite: restrooms as created by 202611220801 plus 202611260800's time_zone, with the amenities
 * nullable and `access` beside `public` (up; `public` is dropped once the rule has read it), or as
 * they were before (down; `public` was already put back).
 */
async function rebuildRestrooms(db: Kysely<unknown>, unknownAllowed: boolean): Promise<void> {
  let table = db.schema
    .createTable('restrooms_rebuilt')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('street', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision');
  for (const amenity of AMENITIES) table = amenityColumn(table, amenity, unknownAllowed);
  table = table
    .addColumn('public', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_removed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('place_id', 'text')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text')
    .addColumn('directions', 'text')
    .addColumn('admin_comment', 'text')
    .addColumn('added_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('upvotes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('downvotes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('time_zone', 'text');
  if (unknownAllowed) table = table.addColumn('access', 'text');
  await table.execute();

  const copied = [
    'id', 'name', 'street', 'city', 'state', 'country', 'latitude', 'longitude', ...AMENITIES, 'public', 'is_removed', 'status',
    'place_id', 'source', 'source_id', 'directions', 'admin_comment', 'added_by', 'upvotes', 'downvotes', 'last_confirmed_at',
    'created_at', 'updated_at', 'version', 'time_zone',
  ];
  const columns = sql.join(copied.map((column) => sql.ref(column)));
  await sql`insert into restrooms_rebuilt (${columns}) select ${columns} from restrooms`.execute(db);
  await sql`drop table restrooms`.execute(db);
  await sql`alter table restrooms_rebuilt rename to restrooms`.execute(db);
  await db.schema.createIndex('restrooms_version').on('restrooms').column('version').execute();
  // An import upserts on this pair; NULL source ids (user additions) never collide.
  await db.schema.createIndex('restrooms_source_unique').on('restrooms').columns(['source', 'source_id']).unique().execute();
}

/** SQLite: flags as created by 202611220802 plus 202611230900's original_json, proposals nullable (up) or not (down). */
async function rebuildFlags(db: Kysely<unknown>, unknownAllowed: boolean): Promise<void> {
  let table = db.schema
    .createTable('flags_rebuilt')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restroom_id', 'text', (col) => col.notNull().references('restrooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('proposed_name', 'text', (col) => col.notNull())
    .addColumn('proposed_street', 'text', (col) => col.notNull())
    .addColumn('proposed_city', 'text', (col) => col.notNull())
    .addColumn('proposed_state', 'text', (col) => col.notNull());
  for (const amenity of AMENITIES) {
    table = unknownAllowed
      ? table.addColumn(`proposed_${amenity}`, 'integer')
      : table.addColumn(`proposed_${amenity}`, 'integer', (col) => col.notNull());
  }
  table = table
    .addColumn('proposed_is_closed', 'integer', (col) => col.notNull())
    .addColumn('other', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('resolved_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'bigint')
    .addColumn('original_json', 'text');
  if (unknownAllowed) table = table.addColumn('proposed_access', 'text');
  await table.execute();

  const copied = [
    'id', 'restroom_id', 'user_id', 'proposed_name', 'proposed_street', 'proposed_city', 'proposed_state',
    ...AMENITIES.map((amenity) => `proposed_${amenity}`), 'proposed_is_closed', 'other', 'status', 'created_at', 'resolved_by',
    'resolved_at', 'original_json',
  ];
  const columns = sql.join(copied.map((column) => sql.ref(column)));
  await sql`insert into flags_rebuilt (${columns}) select ${columns} from flags`.execute(db);
  await sql`drop table flags`.execute(db);
  await sql`alter table flags_rebuilt rename to flags`.execute(db);
  await db.schema.createIndex('flags_status').on('flags').column('status').execute();
}

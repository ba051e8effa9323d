import { randomBytes } from 'node:crypto';
import { usernameDisplay, usernameKey } from '@allstall/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../passwords/password-hashes.js';
import { insertDemoRestrooms, readDemoRestrooms } from './demo-restrooms.js';

/** What seeding needs to know. */
export interface SeedOptions {
  admin: AppConfig['admin'];
  demoData: boolean;
  /** Prints the generated admin password; the only place it is ever shown. */
  announce: (message: string) => void;
  log: FastifyBaseLogger;
}

/**
 * On the first start (no users and no restrooms) creates the admin and, unless turned off, loads the
 * demo restrooms, in one transaction: a crash halfway leaves an empty database that is seeded again
 * on the next start. Any later start finds data and does nothing.
 */
export async function seedEmptyDatabase(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  if (!(await databaseIsEmpty(db))) return;
  // Read and hash before the transaction opens, so it is held only for the inserts.
  const demoRows = options.demoData ? await readDemoRestrooms() : [];
  const adminPassword = options.admin.password ?? generatePassword();
  const adminPasswordHash = await hashPassword(adminPassword);

  const demoCount = await db.transaction().execute(async (trx) => {
    await insertAdmin(trx, options.admin.username, adminPasswordHash);
    return demoRows.length > 0 ? insertDemoRestrooms(trx, demoRows) : 0;
  });

  options.log.info({ admin: options.admin.username, demoRestrooms: demoCount }, 'seeded an empty database');
  if (options.admin.password === null) {
    options.announce(
      [
        '',
        'allstall created an administrator account. This password is shown only this once:',
        `  username: ${options.admin.username}`,
        `  password: ${adminPassword}`,
        'Sign in and keep it somewhere safe (or set ADMIN_PASSWORD before the first start).',
        '',
      ].join('\n'),
    );
  }
}

async function databaseIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const anyRestroom = await db.selectFrom('restrooms').select('id').limit(1).executeTakeFirst();
  return anyUser === undefined && anyRestroom === undefined;
}

async function insertAdmin(trx: Transaction<Database>, username: string, passwordHash: string): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      id: uuidv7(),
      username: usernameDisplay(username),
      username_key: usernameKey(username),
      password_hash: passwordHash,
      is_admin: 1,
      inserted_at: Date.now(),
      deleted_at: null,
    })
    .execute();
}

/** 24 characters from 18 random bytes (144 bits): far past any guessing, still typeable. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

import type { SeededWorld } from './seeded-world.js';

/*
 * Generated requests name the seeded rows and accounts by placeholder (`{{flag}}`, `{{user.password}}`)
 * rather than by value: an accepted write may use a row up and the world replaces it with a fresh
 * one, and a counterexample reads better with names than with UUIDs.
 */

/** The seeded rows a placeholder can name; `pending` is a restroom waiting for review. */
export const SEEDED_ROWS = ['user', 'admin', 'member', 'restroom', 'pending', 'comment', 'flag', 'contact'] as const;
export type SeededRow = (typeof SEEDED_ROWS)[number];

/** The id of a seeded row; in capitals (`{{FLAG}}`) the same id in upper case, which names the same row. */
export function seededId(row: SeededRow, upperCase = false): string {
  return `{{${upperCase ? row.toUpperCase() : row}}}`;
}

/** A seeded account's username or password. */
export function credential(account: 'user' | 'admin', part: 'username' | 'password'): string {
  return `{{${account}.${part}}}`;
}

/**
 * `text` with every placeholder replaced by what it names in the world as it is now. The values
 * (UUIDs and the tests' own usernames and passwords) need no escaping inside JSON strings. Braces
 * that name nothing (random text can hold them) are left as they are.
 */
export function fillPlaceholders(text: string, world: SeededWorld): string {
  return text.replace(/\{\{(\w+)(?:\.(\w+))?\}\}/g, (placeholder, name: string, part: string | undefined) => {
    const value = part === undefined ? seededValue(name, world) : credentialValue(name, part, world);
    return value ?? placeholder;
  });
}

function seededValue(name: string, world: SeededWorld): string | undefined {
  const ids: Record<SeededRow, string> = {
    user: world.user.id,
    admin: world.admin.id,
    member: world.memberId,
    restroom: world.restroomId,
    pending: world.pendingId,
    comment: world.commentId,
    flag: world.flagId,
    contact: world.contactId,
  };
  const id = ids[name.toLowerCase() as SeededRow] as string | undefined;
  return name === name.toUpperCase() ? id?.toUpperCase() : id;
}

function credentialValue(name: string, part: string, world: SeededWorld): string | undefined {
  if (name !== 'user' && name !== 'admin') return undefined;
  if (part !== 'username' && part !== 'password') return undefined;
  return world[name][part];
}

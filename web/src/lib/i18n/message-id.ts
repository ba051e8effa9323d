import type admin from './catalogs/en/admin.json';
import type adminImport from './catalogs/en/admin-import.json';
import type adminTools from './catalogs/en/admin-tools.json';
import type app from './catalogs/en/app.json';
import type mapPack from './catalogs/en/map-pack.json';
import type restrooms from './catalogs/en/restrooms.json';
import type server from './catalogs/en/server.json';
import type writes from './catalogs/en/writes.json';

/**
 * Every message id, from the English catalogs: a `t()` call naming an id no catalog has fails to
 * compile. catalogs.test.ts checks that every other language has the same ids.
 */
export type MessageId =
  | keyof typeof app
  | keyof typeof mapPack
  | keyof typeof restrooms
  | keyof typeof writes
  | keyof typeof server
  | keyof typeof admin
  | keyof typeof adminImport
  | keyof typeof adminTools;

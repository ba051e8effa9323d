import type { ContactReceipt, FlagReceipt, NewRestroomReceipt } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../src/app.js';
import { flagBody, newRestroomBody, signUp, write, type Person } from './fixtures.js';

/** A second admin: a new account promoted straight in the database, as only an admin could do otherwise. */
export async function signUpAdmin(app: App, username: string): Promise<Person> {
  const person = await signUp(app, username);
  await app.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', person.id).execute();
  return person;
}

/** A restroom `by` submits for review (the Walker Art Center, with both comments); returns its id. */
export async function addPendingRestroom(app: App, by: Person, name = 'Walker Art Center'): Promise<string> {
  const body = newRestroomBody();
  const response = await write(app, '/api/bathrooms', { as: by, payload: { ...body, bathroomToAdd: { ...body.bathroomToAdd, name } } });
  if (response.statusCode !== 201) throw new Error(`could not add a restroom: ${response.body}`);
  return response.json<NewRestroomReceipt>().restroom.id;
}

/** A flag `by` raises on a restroom (the test flag body with `change` over it); returns its id. */
export async function raiseFlag(app: App, by: Person, restroomId: string, change: object = {}): Promise<string> {
  const response = await write(app, '/api/flags', { as: by, payload: { ...flagBody(restroomId), ...change } });
  if (response.statusCode !== 201) throw new Error(`could not flag: ${response.body}`);
  return response.json<FlagReceipt>().id;
}

/** A message `by` sends the admins; returns its id. */
export async function sendContact(app: App, by: Person, details = `Message ${uuidv7()}`): Promise<string> {
  const response = await write(app, '/api/contact', { as: by, payload: { details } });
  if (response.statusCode !== 201) throw new Error(`could not send a message: ${response.body}`);
  return response.json<ContactReceipt>().id;
}

/** The moderation log's entries about one item, oldest first. */
export async function logEntriesFor(app: App, entityId: string) {
  return app.db
    .selectFrom('moderation_log')
    .select(['actor_id', 'action', 'entity', 'entity_id', 'before_json', 'after_json', 'created_at'])
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

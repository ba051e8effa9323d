import type { FeedbackResult, RecoveryCodes, SecondFactorEnrolment } from '@allstall/shared';
import { generate } from 'otplib';
import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../src/app.js';
import { insertRestroom, signUp, signUpPassword, write, type Person } from './fixtures.js';
import { addPendingRestroom, raiseFlag, sendContact } from './moderation-fixtures.js';
import { sessionCookieFrom, WRITE_HEADERS } from './helpers.js';

/** Browsers as a phone and a laptop send them, to tell two sessions of one person apart. */
export const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36';
export const LAPTOP_AGENT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:131.0) Gecko/20100101 Firefox/131.0';

/** A login with whatever the body holds (a code, a recovery code), from a browser of `userAgent`. */
export function logIn(app: App, payload: object, userAgent = LAPTOP_AGENT) {
  return app.inject({ method: 'POST', url: '/api/user/login', headers: { ...WRITE_HEADERS, 'user-agent': userAgent }, payload });
}

/** Signs `username` (made by `signUp`) in once more, as another device; the new session's person. */
export async function anotherSession(app: App, username: string, userAgent = PHONE_AGENT, extra: object = {}): Promise<Person> {
  const response = await logIn(app, { username, password: signUpPassword(username), ...extra }, userAgent);
  const cookie = sessionCookieFrom(response);
  if (response.statusCode !== 200 || cookie === undefined) throw new Error(`could not sign in again: ${response.body}`);
  return { id: response.json<{ id: string }>().id, cookie };
}

/** GET as a person (or a guest). */
export function readAs(app: App, url: string, as?: Person) {
  return app.inject({ method: 'GET', url, ...(as === undefined ? {} : { headers: { cookie: as.cookie } }) });
}

/** The authenticator app's code for `secret` at `atMs` (now by default). */
export function totpCode(secret: string, atMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}

/** Turns a second factor on for `person` (whose password `signUp` made from `username`): its secret and recovery codes. */
export async function turnOnSecondFactor(app: App, person: Person, password: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await write(app, '/api/user/second-factor', { as: person, payload: { password } });
  if (started.statusCode !== 200) throw new Error(`could not start: ${started.body}`);
  const { secret } = started.json<SecondFactorEnrolment>();
  const confirmed = await write(app, '/api/user/second-factor/confirm', { as: person, payload: { code: await totpCode(secret) } });
  if (confirmed.statusCode !== 200) throw new Error(`could not confirm: ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json<RecoveryCodes>().recovery_codes };
}

/** What `personWhoDidEverything` made, by id. */
export interface EverythingDone {
  person: Person;
  username: string;
  password: string;
  /** The comment still up, and the one its author deleted. */
  liveCommentId: string;
  deletedCommentId: string;
  votedRestroomIds: string[];
  flagIds: string[];
  contactId: string;
  addedRestroomId: string;
  /** The restroom the person approved once made an admin. */
  decidedRestroomId: string;
  /** A friend's comment and flag on the restroom the person added (not the person's rows). */
  friend: Person;
  friendCommentId: string;
}

/**
 * A person who has done one of everything the server keeps about someone: a comment kept and one
 * deleted, thumbs, a 'Still there', two suggestions (one rejected by `admin`), a message (resolved),
 * a restroom (approved), a failed login, writes under keys, a promotion to admin and a decision of
 * their own, a friend's flag that copies the restroom with their name, and a second factor.
 */
export async function personWhoDidEverything(app: App, username: string, admin: Person): Promise<EverythingDone> {
  const person = await signUp(app, username);
  const password = signUpPassword(username);
  const ok = (response: Awaited<ReturnType<typeof write>>, status = 200) => {
    if (response.statusCode !== status) throw new Error(`${response.statusCode}: ${response.body}`);
    return response;
  };
  const liked = await insertRestroom(app.db, { name: `${username}'s liked` });
  const disliked = await insertRestroom(app.db, { name: `${username}'s disliked` });

  const kept = ok(await write(app, '/api/feedback', { as: person, key: uuidv7(), payload: { restroom_id: liked, upvote: 1, downvote: 0, comment: `Clean, says ${username}.` } }), 201);
  const gone = ok(await write(app, '/api/feedback', { as: person, key: uuidv7(), payload: { restroom_id: disliked, upvote: 0, downvote: 1, comment: 'Regret writing this.' } }), 201);
  const liveCommentId = kept.json<FeedbackResult>().comment!.id;
  const deletedCommentId = gone.json<FeedbackResult>().comment!.id;
  ok(await write(app, `/api/comments/${deletedCommentId}`, { method: 'DELETE', as: person }), 204);
  ok(await write(app, '/api/confirmations', { as: person, key: uuidv7(), payload: { restroom_id: liked } }));

  const flagIds = [await raiseFlag(app, person, liked), await raiseFlag(app, person, disliked)];
  ok(await write(app, `/api/flags/${flagIds[1]}`, { method: 'PATCH', as: admin, key: uuidv7(), payload: { status: 'rejected' } }));
  const contactId = await sendContact(app, person, `Hello from ${username}.`);
  ok(await write(app, `/api/contact/${contactId}`, { method: 'PATCH', as: admin, key: uuidv7(), payload: { resolved: true } }));

  const addedRestroomId = await addPendingRestroom(app, person, `${username}'s find`);
  ok(await write(app, `/api/bathrooms/${addedRestroomId}`, { method: 'PATCH', as: admin, key: uuidv7(), payload: { status: 'approved' } }));

  await logIn(app, { username, password: 'a wrong password for the record' });

  ok(await write(app, `/api/users/${person.id}`, { method: 'PATCH', as: admin, key: uuidv7(), payload: { is_admin: true } }));
  const decidedRestroomId = await insertRestroom(app.db, { name: `${username}'s decision`, status: 'pending' });
  ok(await write(app, `/api/bathrooms/${decidedRestroomId}`, { method: 'PATCH', as: person, key: uuidv7(), payload: { status: 'approved' } }));

  const friend = await signUp(app, `${username} Friend`);
  const friendly = ok(await write(app, '/api/feedback', { as: friend, payload: { restroom_id: addedRestroomId, upvote: 1, downvote: 0, comment: 'Found it, thanks!' } }), 201);
  await raiseFlag(app, friend, addedRestroomId);

  await turnOnSecondFactor(app, person, password);
  return {
    person,
    username,
    password,
    liveCommentId,
    deletedCommentId,
    votedRestroomIds: [liked, disliked],
    flagIds,
    contactId,
    addedRestroomId,
    decidedRestroomId,
    friend,
    friendCommentId: friendly.json<FeedbackResult>().comment!.id,
  };
}

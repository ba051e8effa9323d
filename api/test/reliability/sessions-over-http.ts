import { IDEMPOTENCY_KEY_HEADER } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { newRestroomBody, signUpPassword, type Person } from '../support/fixtures.js';
import { sessionCookieFrom, WRITE_HEADERS } from '../support/helpers.js';

/*
 * The fixtures' sign-up, log-in and add-a-restroom, over real HTTP to a server in another process,
 * for the tests that cannot use `app.inject`.
 */

/** Registers an account (which signs it in) with the password `signUpPassword` makes up. */
export function signUpOver(baseUrl: string, username: string): Promise<Person> {
  return signIn(baseUrl, '/api/user/register', { username, password: signUpPassword(username) });
}

/** Logs an existing account in. */
export function logInOver(baseUrl: string, credentials: { username: string; password: string }): Promise<Person> {
  return signIn(baseUrl, '/api/user/login', credentials);
}

/** Adds the fixtures' restroom under another name as `person` (approved at once for an admin); returns its id. */
export async function addRestroomOver(baseUrl: string, person: Person, name: string): Promise<string> {
  const body = newRestroomBody();
  const id = uuidv7();
  const response = await post(baseUrl, '/api/bathrooms', { ...body, bathroomToAdd: { ...body.bathroomToAdd, id, name } }, person.cookie, id);
  if (response.status !== 201) throw new Error(`could not add ${name}: ${await response.text()}`);
  return id;
}

async function signIn(baseUrl: string, url: string, credentials: object): Promise<Person> {
  const response = await post(baseUrl, url, credentials);
  const cookies = response.headers.getSetCookie().map((line) => {
    const pair = line.split(';', 1)[0] ?? '';
    const equals = pair.indexOf('=');
    return { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
  });
  const cookie = sessionCookieFrom({ cookies });
  if (!response.ok || cookie === undefined) throw new Error(`could not sign in at ${url}: ${await response.text()}`);
  return { id: ((await response.json()) as { id: string }).id, cookie };
}

function post(baseUrl: string, url: string, body: object, cookie?: string, key?: string): Promise<Response> {
  return fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: {
      ...WRITE_HEADERS,
      'content-type': 'application/json',
      ...(cookie === undefined ? {} : { cookie }),
      ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }),
    },
    body: JSON.stringify(body),
  });
}

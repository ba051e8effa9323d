import type { BrowserContext } from 'playwright-core';
import { DEFAULT_REGION } from '@allstall/shared';
import type { AppServer } from './app-server.js';

/*
 * Talking to the api from the test itself (Node's fetch), never through the browser: what the
 * server holds is the ground truth the browser's claims are checked against.
 */

export const TEST_PASSWORD = 'correct horse battery staple';
const WRITE_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'allstall' };

let userCount = 0;

/** Registers a fresh account through the browser context, so its session cookie lands in the context. */
export async function signUp(context: BrowserContext, server: AppServer): Promise<string> {
  const username = `visitor${++userCount}${Date.now() % 100000}`;
  const response = await context.request.post(`${server.url}/api/user/register`, {
    headers: WRITE_HEADERS,
    data: { username, password: TEST_PASSWORD },
  });
  if (response.status() !== 201) throw new Error(`register answered ${response.status()}: ${await response.text()}`);
  return username;
}

/** The visible restroom nearest the default list origin, as the server sees it. */
export async function nearestRestroom(server: AppServer): Promise<{ id: string; name: string }> {
  const { lat, lng } = DEFAULT_REGION.listOrigin;
  const response = await fetch(`${server.url}/api/bathrooms/nearby?lat=${lat}&lng=${lng}&limit=1`);
  const [restroom] = (await response.json()) as Array<{ id: string; name: string }>;
  if (!restroom) throw new Error('the demo database has no restrooms');
  return restroom;
}

/** How many of a restroom's live comments on the server say exactly `content`. */
export async function serverCommentCount(server: AppServer, restroomId: string, content: string): Promise<number> {
  const response = await fetch(`${server.url}/api/bathrooms/${restroomId}`);
  const detail = (await response.json()) as { comments: Array<{ content: string }> };
  return detail.comments.filter((comment) => comment.content === content).length;
}

/** Polls until `read` returns `expected`, or fails with what it last saw; generous for a busy machine. */
export async function eventually<T>(read: () => Promise<T>, expected: T, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: expected ${String(expected)}, last saw ${String(last)}`);
}

/** Ends a session on the server only, as an expiry would: the browser keeps its now-useless cookie. */
export async function destroySessionOnServer(context: BrowserContext, server: AppServer): Promise<void> {
  const cookie = (await context.cookies(server.url)).find((c) => c.name === 'allstall_sid');
  if (!cookie) throw new Error('no session cookie in the browser');
  const response = await fetch(`${server.url}/api/user/logout`, {
    method: 'POST',
    headers: { ...WRITE_HEADERS, cookie: `${cookie.name}=${cookie.value}` },
    body: '{}',
  });
  if (response.status !== 204) throw new Error(`logout answered ${response.status}`);
}

/** Signs `username` in through the browser context, so its session cookie lands there. */
export async function signIn(context: BrowserContext, server: AppServer, username: string, password: string): Promise<void> {
  const response = await context.request.post(`${server.url}/api/user/login`, { headers: WRITE_HEADERS, data: { username, password } });
  if (response.status() !== 200) throw new Error(`login answered ${response.status()}: ${await response.text()}`);
}

/** A write through the context's session, as the app would send it; throws unless it succeeds. */
export async function writeAs<T>(context: BrowserContext, server: AppServer, method: 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await context.request.fetch(`${server.url}${path}`, {
    method,
    headers: WRITE_HEADERS,
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (response.status() === 204 ? null : await response.json()) as T;
}

/** The signed-in person of a context, as the server sees them. */
export async function whoAmI(context: BrowserContext, server: AppServer): Promise<{ id: string; username: string }> {
  return (await (await context.request.get(`${server.url}/api/user`)).json()) as { id: string; username: string };
}

/** Visible restrooms on the server whose name is exactly `name`. */
export async function publicRestroomsNamed(server: AppServer, name: string): Promise<Array<{ id: string; name: string }>> {
  const rows = (await (await fetch(`${server.url}/api/bathrooms`)).json()) as Array<{ id: string; name: string }>;
  return rows.filter((row) => row.name === name);
}

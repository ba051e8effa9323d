import type { TSchema } from 'typebox';
import {
  compactRestroom,
  FEED_VERSION_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  type ApiError,
  type ClientConfig,
  type CompactRestroom,
  type Credentials,
  type LatLng,
  type Place,
  type PlaceDetails,
  type PlaceList,
  type Restroom,
  type RestroomDetail,
  type SyncPage,
  type User,
  type UserRestrooms,
} from '@allstall/shared';
import type { Contract, ContractChecker, PayloadName } from './contract-checker';
import type { PieceProgress, SnapshotReader, SnapshotStream } from '../sync/snapshot-lines';
import { isCompactRestroom } from '../sync/compact-row-check';

/**
 * The server answered, but not with success. `body` is the shared error shape when it sent one;
 * `retryAfter` is its Retry-After header as sent (a 429 or 503 says when to come back).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
    readonly retryAfter: string | null = null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** The request never got an answer: no signal, server down, or aborted. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause }); // i18n-exempt: for developers; screens say this in their own words
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx with something that does not match the shared contract. */
export class ContractError extends Error {
  constructor(path: string) {
    super(`Unexpected response shape from ${path}`); // i18n-exempt: for developers, in logs
    this.name = 'ContractError';
  }
}

export interface SyncPageRequest {
  since?: string | undefined;
  limit: number;
  signal?: AbortSignal | undefined;
}

/** How long a write may take before the outbox gives up on this attempt and retries later. */
const WRITE_TIMEOUT_MS = 30_000;

/** One outbox write as it goes over the wire. */
export interface WriteRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The write's UUID: the server answers a repeat with the first response and changes nothing. */
  idempotencyKey: string;
  /** The shared schema of a success's answer; one that does not match it resolves as null. */
  answer?: PayloadName;
}

/** The index of the first sync's pieces; each piece is at `${PIECES_PATH}/NAME`. */
const PIECES_PATH = '/api/sync/pieces';

/**
 * A restroom's detail with `feedVersion`, the feed position the server had reached before it read
 * the row (its Feed-Version header); null when the server did not say.
 */
export interface FetchedRestroomDetail {
  detail: RestroomDetail;
  feedVersion: string | null;
}

export interface ApiClient {
  /**
   * Sends a write; resolves with the parsed JSON answer (null for 204, or when it does not match
   * `answer`), rejects with HttpError or NetworkError.
   */
  sendWrite(request: WriteRequest): Promise<unknown>;
  syncPage(request: SyncPageRequest): Promise<SyncPage>;
  /**
   * The first sync's index of pieces, its body unread and unchecked: the page asks for it as a first
   * sync starts and hands it to the snapshot worker, which reads it with `syncSnapshot`. Null when
   * the server has no pieces (404).
   */
  snapshotBody(): Promise<ReadableStream<Uint8Array> | null>;
  /**
   * The first sync in pieces (docs/offline-data.md#first-sync-in-pieces): the index checked, the
   * plan against what this device `stored`, then the pieces' lines as they arrive, nearest first
   * from `focus`, each checked as `reader` reads it (`lib/sync/snapshot-lines.ts`, which its callers
   * bring: the snapshot worker and the in-page first sync bundle it, so neither the first screen nor
   * the service worker carries it); from `body` when the page already asked for the index, else
   * asked for here. Null when the server has no pieces (404) or an index of another format: the
   * device pulls the paged feed instead.
   */
  syncSnapshot(
    reader: SnapshotReader,
    options: { body?: ReadableStream<Uint8Array> | undefined; stored: PieceProgress | null; focus: () => LatLng },
  ): Promise<SnapshotStream | null>;
  /**
   * The restrooms nearest `at` as the server knows them (GET /api/bathrooms/nearby), as compact
   * rows each checked by hand (no schema checker to fetch first): what a first visit shows while
   * the device does not hold that spot yet.
   */
  nearbyRestrooms(at: LatLng, limit: number, signal?: AbortSignal): Promise<CompactRestroom[]>;
  /** The signed-in person, or null when the server says nobody is (401). */
  currentUser(): Promise<User | null>;
  login(credentials: Credentials): Promise<User>;
  register(credentials: Credentials): Promise<User>;
  logout(): Promise<void>;
  /** One restroom with its comments, or null when the server does not know it (404). */
  restroomDetail(id: string): Promise<FetchedRestroomDetail | null>;
  clientConfig(): Promise<ClientConfig>;
  /** Places matching what the person is typing, nearest to `near` first when given. */
  autocomplete(input: string, near?: LatLng, signal?: AbortSignal): Promise<Place[]>;
  /** The places an address resolves to, best first (the spec reads `results[0]`). */
  geocode(address: string, signal?: AbortSignal): Promise<Place[]>;
  /** The address at a spot on the map; empty when the geocoder knows nothing there. */
  reverseGeocode(at: LatLng, signal?: AbortSignal): Promise<Place[]>;
  /**
   * Any read checked against its shared schema: the admin screens' queues and lists, each with the
   * schema of its payload. 401 and 403 arrive as HttpError like every other failure.
   */
  getJson<T>(schema: TSchema, path: string, signal?: AbortSignal): Promise<T>;
  /** One place with its OpenStreetMap hours and the restroom already listed there, or null when unknown (404). */
  placeDetails(placeId: string, signal?: AbortSignal): Promise<PlaceDetails | null>;
  /** The restrooms a person added, whatever became of them (pending, approved, rejected); theirs or an admin's to see. */
  myRestrooms(userId: string): Promise<UserRestrooms>;
}

export interface ApiClientOptions {
  /** How answers are checked against the shared schemas: `lazyContractChecker` on the page, `eagerContractChecker` elsewhere. */
  contract: ContractChecker;
  fetch?: typeof fetch;
  baseUrl?: string;
}

/** The only place in the web app that talks HTTP. Everything it returns has been checked against the contract. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { contract: checker } = options;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';

  async function request(
    method: string,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    extraHeaders: Record<string, string> = {},
    cache: RequestCache = 'no-store',
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    // Every write carries the constant header: the server's CSRF check (docs/architecture.md#cross-site-checks).
    if (method !== 'GET') headers[REQUESTED_WITH_HEADER] = REQUESTED_WITH_VALUE;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(baseUrl + path, {
        method,
        headers,
        credentials: 'same-origin',
        cache,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
      });
    } catch (error) {
      throw new NetworkError(error);
    }
    if (!response.ok) throw new HttpError(response.status, await readErrorBody(response), response.headers.get('retry-after'));
    return response;
  }

  /** The answer to `sent`, checked against its shared schema. */
  async function json<T>(contract: Contract, path: string, sent: Promise<Response>): Promise<T> {
    checker.preload();
    const response = await sent;
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      throw new ContractError(path);
    }
    if (!(await checks(checker, contract, data))) throw new ContractError(path);
    return data as T;
  }

  async function placeList(path: string, signal?: AbortSignal): Promise<Place[]> {
    return (await json<PlaceList>('PlaceList', path, request('GET', path, undefined, signal))).results;
  }

  /** A body of NDJSON or JSON, or null for a 404: the index of the pieces, or one piece. */
  async function bodyOrNull(path: string, accept: string, cache?: RequestCache): Promise<ReadableStream<Uint8Array> | null> {
    try {
      // An answer without a body (never sent so) counts as none: the paged feed still serves.
      return (await request('GET', path, undefined, undefined, { accept }, cache)).body;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  const snapshotBody = () => bodyOrNull(PIECES_PATH, 'application/json');

  return {
    async sendWrite({ method, path, body, idempotencyKey, answer }) {
      // One bar of signal can leave a request hanging for minutes while other writes queue behind it.
      // Given up on, it is retried under the same key, so a write that did land is not stored twice.
      const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(WRITE_TIMEOUT_MS) : undefined;
      if (answer !== undefined) checker.preload();
      const response = await request(method, path, body, signal, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });
      if (response.status === 204) return null;
      let data: unknown;
      try {
        data = await response.json();
      } catch {
        // The write was accepted; an unreadable answer must not make the outbox send it again.
        return null;
      }
      // Checked here, before the outbox opens the transaction that stores what the answer says.
      if (answer === undefined || (await checks(checker, answer, data))) return data;
      return null;
    },
    async syncPage({ since, limit, signal }) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (since !== undefined) query.set('since', since);
      const path = `/api/sync?${query}`;
      return json<SyncPage>('SyncPage', path, request('GET', path, undefined, signal));
    },
    snapshotBody,
    async nearbyRestrooms(at, limit, signal) {
      const path = `/api/bathrooms/nearby?${new URLSearchParams({ lat: String(at.lat), lng: String(at.lng), limit: String(limit) })}`;
      const response = await request('GET', path, undefined, signal);
      let rows: CompactRestroom[];
      try {
        const data: unknown = await response.json();
        rows = (data as Restroom[]).map(compactRestroom);
      } catch {
        throw new ContractError(path);
      }
      if (!rows.every(isCompactRestroom)) throw new ContractError(path);
      return rows;
    },
    async syncSnapshot(reader, { body: sent, stored, focus }) {
      checker.preload();
      const body = sent ?? (await snapshotBody());
      return (
        body &&
        reader.piecesSnapshot(body, {
          path: PIECES_PATH,
          checks: (contract, data) => checks(checker, contract, data),
          // A piece's name is its bytes' hash: the browser's cache may answer for it.
          pieceBody: (name) => bodyOrNull(`${PIECES_PATH}/${encodeURIComponent(name)}`, 'application/x-ndjson', 'default'),
          stored,
          focus,
        })
      );
    },
    async currentUser() {
      try {
        return await json<User>('User', '/api/user', request('GET', '/api/user'));
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return null;
        throw error;
      }
    },
    async login(credentials) {
      return json<User>('User', '/api/user/login', request('POST', '/api/user/login', credentials));
    },
    async register(credentials) {
      return json<User>('User', '/api/user/register', request('POST', '/api/user/register', credentials));
    },
    async logout() {
      // An empty JSON object rather than no body: writes are checked for a JSON content type.
      await request('POST', '/api/user/logout', {});
    },
    async restroomDetail(id) {
      const path = `/api/bathrooms/${encodeURIComponent(id)}`;
      try {
        const sent = request('GET', path);
        const detail = await json<RestroomDetail>('RestroomDetail', path, sent);
        return { detail, feedVersion: feedVersionOf(await sent) };
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    async clientConfig() {
      return json<ClientConfig>('ClientConfig', '/api/config', request('GET', '/api/config'));
    },
    async getJson<T>(schema: TSchema, path: string, signal?: AbortSignal) {
      return json<T>({ schema }, path, request('GET', path, undefined, signal));
    },
    async autocomplete(input, near, signal) {
      const query = new URLSearchParams({ input });
      if (near) {
        query.set('lat', String(near.lat));
        query.set('lng', String(near.lng));
      }
      return placeList(`/api/places/autocomplete?${query}`, signal);
    },
    async geocode(address, signal) {
      return placeList(`/api/geocode?${new URLSearchParams({ address })}`, signal);
    },
    async reverseGeocode({ lat, lng }, signal) {
      return placeList(`/api/places/reverse?${new URLSearchParams({ lat: String(lat), lng: String(lng) })}`, signal);
    },
    async placeDetails(placeId, signal) {
      const path = `/api/places/${encodeURIComponent(placeId)}`;
      try {
        return await json<PlaceDetails>('PlaceDetails', path, request('GET', path, undefined, signal));
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    async myRestrooms(userId) {
      const path = `/api/users/${encodeURIComponent(userId)}/restrooms`;
      return json<UserRestrooms>('UserRestrooms', path, request('GET', path));
    },
  };
}

function feedVersionOf(response: Response): string | null {
  const value = response.headers.get(FEED_VERSION_HEADER);
  return value !== null && /^[0-9]{1,18}$/.test(value) ? value : null;
}

/** Whether `data` matches; a checker that could not be fetched fails like the request would have, to be tried again. */
async function checks(checker: ContractChecker, contract: Contract, data: unknown): Promise<boolean> {
  try {
    return await checker.matches(contract, data);
  } catch (error) {
    throw new NetworkError(error);
  }
}

async function readErrorBody(response: Response): Promise<ApiError | null> {
  try {
    const data: unknown = await response.json();
    return isApiError(data) ? data : null;
  } catch {
    return null;
  }
}

function isApiError(data: unknown): data is ApiError {
  return typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string';
}

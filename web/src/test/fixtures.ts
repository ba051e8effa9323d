import type { Comment, NewRestroomBody, Place, Restroom, SyncPage, User } from '@allstall/shared';
import type { OutboxRow, OutboxWrite } from '../lib/outbox/outbox-types';

let counter = 0;

/** A UUID-shaped id that is unique within a test run and readable in failures. */
export function testId(n?: number): string {
  const value = n ?? ++counter;
  return `00000000-0000-7000-8000-${value.toString(16).padStart(12, '0')}`;
}

export function makeRestroom(overrides: Partial<Restroom> = {}): Restroom {
  return {
    id: testId(),
    name: 'Test Cafe',
    street: '1 Main St',
    city: 'Minneapolis',
    state: 'MN',
    country: 'US',
    latitude: 44.98,
    longitude: -93.26,
    time_zone: 'America/Chicago',
    unisex: true,
    accessible: false,
    changing_table: false,
    is_single_stall: false,
    menstrual_products: false,
    access: null,
    fee: null,
    is_removed: false,
    status: 'approved',
    upvotes: 0,
    downvotes: 0,
    last_confirmed_at: null,
    hours: null,
    place_id: null,
    source: 'demo',
    username: null,
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: testId(),
    restroom_id: testId(),
    user_id: testId(),
    username: 'sam',
    content: 'Clean and quiet.',
    inserted_at: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return { id: testId(), username: 'sam', is_admin: false, inserted_at: '2026-03-04T05:06:07.000Z', ...overrides };
}

export function makePage(overrides: Partial<SyncPage> = {}): SyncPage {
  return {
    cursor: '1',
    more: false,
    reset: false,
    restrooms: [],
    comments: [],
    deleted: { restrooms: [], comments: [] },
    ...overrides,
  };
}

/** A queued write as the outbox stores it; pending and due unless a test says otherwise. */
export function makeOutboxRow(write: OutboxWrite, overrides: Partial<Omit<OutboxRow, 'kind' | 'body'>> = {}): OutboxRow {
  return {
    ...write,
    id: testId(),
    userId: testId(),
    status: 'pending',
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: 0,
    ...overrides,
  } as OutboxRow;
}

let placeCount = 0;

export function makePlace(overrides: Partial<Omit<Place, 'geometry'>> & { at?: { lat: number; lng: number } } = {}): Place {
  const { at = { lat: 44.98, lng: -93.27 }, ...rest } = overrides;
  return {
    place_id: `osm:N${++placeCount}`,
    name: 'Walker Art Center',
    formatted_address: '725 Vineland Place, Minneapolis, MN 55403',
    street: '725 Vineland Place',
    city: 'Minneapolis',
    state: 'MN',
    geometry: { location: at },
    ...rest,
  };
}

/** A new-restroom submission at the Walker Art Center, every amenity a known no, who may use it unknown, no hours; overrides change the restroom. */
export function makeNewRestroomBody(
  restroom: Partial<NewRestroomBody['bathroomToAdd']> = {},
  hours: NewRestroomBody['bathroomHours'] = null,
): NewRestroomBody {
  return {
    bathroomToAdd: {
      name: 'Walker Art Center',
      formatted_address: '725 Vineland Place, Minneapolis, MN 55403',
      accessible: false,
      access: null,
      unisex: false,
      changing_table: false,
      single_stall: false,
      menstrual_products: null,
      latitude: 44.968,
      longitude: -93.289,
      ...restroom,
    },
    bathroomHours: hours,
  };
}

import type { LatLng, RefugeRecord } from '@allstall/shared';
import { arrayOf, numberOf, recordOf, textOf, type JsonRecord } from '../geocoding/json-fields.js';
import { fetchUpstreamAnswer, unexpectedAnswer, type UpstreamService } from '../geocoding/upstream.js';

const REFUGE_LABEL: UpstreamService = 'refuge';

/** One page of Refuge listings and what its paging headers say; a header left out reads as null. */
interface RefugePage {
  records: RefugeRecord[];
  page: number;
  perPage: number;
  total: number | null;
  totalPages: number | null;
}

export interface RefugeClient {
  /** Listings within Refuge's 20 miles of `at`, nearest first, one page of them. */
  byLocation(at: LatLng, page: number, perPage: number): Promise<RefugePage>;
  /** Every listing Refuge has, newest first, one page of them (an import run reads them all). */
  list(page: number, perPage: number, signal?: AbortSignal): Promise<RefugePage>;
}

/** Refuge Restrooms API v1 at `url` (`…/api/v1/restrooms`), each request bounded by `timeoutMs`. */
export function createRefugeClient({ url, timeoutMs }: { url: string; timeoutMs: number }): RefugeClient {
  const fetchPage = async (address: string, page: number, perPage: number, signal?: AbortSignal): Promise<RefugePage> => {
    const { json, headers } = await fetchUpstreamAnswer(address, { label: REFUGE_LABEL, timeoutMs, signal });
    const items = arrayOf(json);
    if (items === undefined) throw unexpectedAnswer(REFUGE_LABEL, 'Refuge answered something other than a list of listings');
    return {
      records: items.flatMap((item) => refugeRecordOf(recordOf(item)) ?? []),
      page: countHeader(headers, 'x-page') ?? page,
      perPage: countHeader(headers, 'x-per-page') ?? perPage,
      total: countHeader(headers, 'x-total'),
      totalPages: countHeader(headers, 'x-total-pages'),
    };
  };
  return {
    byLocation(at, page, perPage) {
      const query = new URLSearchParams({ lat: String(at.lat), lng: String(at.lng), per_page: String(perPage), page: String(page) });
      return fetchPage(`${url}/by_location?${query}`, page, perPage);
    },
    list(page, perPage, signal) {
      return fetchPage(`${url}?${new URLSearchParams({ page: String(page), per_page: String(perPage) })}`, page, perPage, signal);
    },
  };
}

function countHeader(headers: Headers, name: string): number | null {
  const value = Number(headers.get(name) ?? Number.NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** One listing read leniently; null only without the `edit_id` every import is keyed on. */
export function refugeRecordOf(item: JsonRecord | undefined): RefugeRecord | null {
  const editId = numberOf(item?.edit_id);
  if (item === undefined || !Number.isSafeInteger(editId) || editId <= 0) return null;
  const text = (value: unknown) => textOf(value) ?? null;
  const position = (value: unknown) => (value === null || value === undefined ? null : numberOf(value));
  return {
    edit_id: editId,
    name: text(item.name),
    street: text(item.street),
    city: text(item.city),
    state: text(item.state),
    country: text(item.country),
    accessible: item.accessible === true,
    unisex: item.unisex === true,
    changing_table: item.changing_table === true,
    directions: text(item.directions),
    comment: text(item.comment),
    latitude: position(item.latitude),
    longitude: position(item.longitude),
    upvote: numberOf(item.upvote),
    downvote: numberOf(item.downvote),
    created_at: text(item.created_at),
    updated_at: text(item.updated_at),
  };
}

import type { Restroom } from '@allstall/shared';
import { t } from '@/lib/i18n/i18n';

/** At most this many rows are drawn at once; the filter finds the others. */
export const ALL_RESTROOMS_SHOWN_MAX = 100;

/**
 * 'Enter name, id': the restrooms whose name or id contains the text, ignoring case and the spaces
 * around it, as the server's `q` does; every restroom for a blank filter.
 */
export function filterRestrooms<T extends Pick<Restroom, 'id' | 'name'>>(restrooms: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return [...restrooms];
  return restrooms.filter((restroom) => restroom.name.toLowerCase().includes(needle) || restroom.id.toLowerCase().includes(needle));
}

/** The restroom's state in words, as the table's Status column says it. */
export function restroomStatusWords(restroom: Pick<Restroom, 'status' | 'is_removed'>): string {
  if (restroom.is_removed) return t('admin.restrooms.status.removed');
  const ids = { pending: 'admin.restrooms.status.pending', approved: 'admin.restrooms.status.approved', rejected: 'admin.restrooms.status.rejected' } as const;
  return t(ids[restroom.status]);
}

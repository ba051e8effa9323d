import type { Restroom } from '@allstall/shared';
import { textFold } from '@/lib/search/text-fold';

export const RESTROOM_MATCH_LIMIT = 6;

type Matchable = Pick<Restroom, 'name' | 'street' | 'city'>;

/**
 * How a restroom matches the typed `query`, read from its folded name and its folded
 * 'name street city': null unless the text holds every word typed; then 0 when the name starts
 * with the query, 1 when the name holds it, 2 otherwise. No ranker at all when nothing is typed.
 */
function restroomRanker(query: string): ((name: string, text: string) => number | null) | null {
  const folded = textFold(query).trim();
  const words = folded.split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return (name, text) => {
    for (const word of words) if (!text.includes(word)) return null;
    return name.startsWith(folded) ? 0 : name.includes(folded) ? 1 : 2;
  };
}

/** The saved restrooms a search field can rank without expanding them all (the list does, see NearestList.search). */
export interface RankedRestrooms<T> {
  /** At most `limit` restrooms that `rank` ranks, best rank first and in the source's order within a rank. */
  search(rank: (name: string, text: string) => number | null, limit: number): T[];
}

/**
 * The saved restrooms whose name, street or city hold every word typed, for the search field when
 * no address search is possible. Names starting with the text come first, then names holding it,
 * then the rest; within each, `rows` keep their order (the list's, nearest first).
 */
export function matchRestrooms<T extends Matchable>(rows: Iterable<T> | RankedRestrooms<T>, query: string, limit = RESTROOM_MATCH_LIMIT): T[] {
  const rank = restroomRanker(query);
  if (rank === null) return [];
  if ('search' in rows) return rows.search(rank, limit);
  const ranked: T[][] = [[], [], []];
  for (const row of rows) {
    const name = textFold(row.name);
    const found = rank(name, `${name} ${textFold(row.street)} ${textFold(row.city)}`);
    if (found !== null) ranked[found]!.push(row);
  }
  return ranked.flat().slice(0, limit);
}

import type { Restroom } from '@allstall/shared';

export const RESTROOM_MATCH_LIMIT = 6;

/** Lower case without accents, so "cafe" finds "Café" and "MINNEAPOLIS" finds "Minneapolis". */
export function textFold(text: string): string {
  return text.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase();
}

type Matchable = Pick<Restroom, 'name' | 'street' | 'city'>;

/**
 * The saved restrooms whose name, street or city hold every word typed, for the search field when
 * no address search is possible. Names starting with the text come first, then names holding it,
 * then the rest; within each, `rows` keep their order (the list's, nearest first).
 */
export function matchRestrooms<T extends Matchable>(rows: Iterable<T>, query: string, limit = RESTROOM_MATCH_LIMIT): T[] {
  const folded = textFold(query).trim();
  const words = folded.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const ranked: T[][] = [[], [], []];
  for (const row of rows) {
    const name = textFold(row.name);
    const haystack = `${name} ${textFold(row.street)} ${textFold(row.city)}`;
    if (!words.every((word) => haystack.includes(word))) continue;
    const rank = name.startsWith(folded) ? 0 : name.includes(folded) ? 1 : 2;
    ranked[rank]!.push(row);
  }
  return ranked.flat().slice(0, limit);
}

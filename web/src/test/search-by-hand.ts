import type { ListedRestroom } from '../lib/restrooms/listed-restroom';
import { textFold } from '../lib/search/text-fold';

/**
 * The address search's ranking (match-restrooms.ts), written out again for tests to check the list's
 * own search against: every word typed in the folded name, street and city; then the name starts
 * with the text (0), holds it (1), or not (2).
 */
export function rankBy(query: string) {
  const folded = textFold(query).trim();
  const words = folded.split(/\s+/).filter(Boolean);
  return (name: string, text: string) => (words.every((word) => text.includes(word)) ? (name.startsWith(folded) ? 0 : name.includes(folded) ? 1 : 2) : null);
}

/** The best `limit` of the whole list by rank, in the list's order within a rank, each row folded here. */
export function searchByHand(list: readonly ListedRestroom[], query: string, limit: number): ListedRestroom[] {
  const rank = rankBy(query);
  const ranked: ListedRestroom[][] = [[], [], []];
  for (const row of list) {
    const name = textFold(row.name);
    const found = rank(name, `${name} ${textFold(row.street)} ${textFold(row.city)}`);
    if (found !== null) ranked[found]!.push(row);
  }
  return ranked.flat().slice(0, limit);
}

import type { Place, Restroom } from '@allstall/shared';
import { t as translate } from '../i18n/i18n';
import type { Translate } from '../i18n/use-t';

export type SearchableRestroom = Pick<Restroom, 'id' | 'name' | 'street' | 'city'>;

/** One row of the search field's list: a place to measure from, or a saved restroom to open. */
export type Suggestion =
  | { kind: 'place'; key: string; name: string; detail: string; place: Place }
  | { kind: 'restroom'; key: string; name: string; detail: string; restroom: SearchableRestroom };

/** Saved restrooms shown below the places while address search works; the whole list when it does not. */
export const RESTROOMS_BELOW_PLACES = 3;

/** How a chosen place reads in the field: its name and address, without saying the name twice. */
export function placeText(place: Place): string {
  if (place.formatted_address === '' || place.formatted_address.startsWith(place.name)) return place.formatted_address || place.name;
  return `${place.name}, ${place.formatted_address}`;
}

export function buildSuggestions(places: readonly Place[], restrooms: readonly SearchableRestroom[]): Suggestion[] {
  return [
    ...places.map((place): Suggestion => ({
      kind: 'place',
      key: `place:${place.place_id}`,
      name: place.name,
      detail: place.formatted_address === place.name ? '' : place.formatted_address,
      place,
    })),
    ...restrooms.map((restroom): Suggestion => ({
      kind: 'restroom',
      key: `restroom:${restroom.id}`,
      name: restroom.name,
      detail: [translate('search.savedRestroom'), [restroom.street, restroom.city].filter(Boolean).join(', ')].filter(Boolean).join(' · '),
      restroom,
    })),
  ];
}

/** 'No suggestions.', '1 suggestion available.', '3 suggestions available.', in the caller's language. */
export function suggestionCountText(t: Translate, count: number): string {
  return t('search.suggestionCount', { count });
}

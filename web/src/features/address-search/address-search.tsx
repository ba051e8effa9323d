import { useMemo, useState } from 'react';
import type { LatLng, Place } from '@allstall/shared';
import { AddressCombobox } from '@/components/address-combobox';
import { matchRestrooms, RESTROOM_MATCH_LIMIT, type RankedRestrooms } from './match-restrooms';
import { searchFailureText } from '@/lib/search/search-failure';
import { buildSuggestions, RESTROOMS_BELOW_PLACES, type SearchableRestroom, type Suggestion } from '@/lib/search/address-suggestions';
import type { AddressLookup } from './use-address-lookup';
import { usePlaceSuggestions } from '@/hooks/use-place-suggestions';
import { useT } from '@/lib/i18n/use-t';

interface AddressSearchProps {
  /** What the field shows while the person is not typing: the chosen address, or nothing. */
  value: string;
  /** Changes whenever the origin is chosen or cleared, which drops any text typed before. */
  epoch: number;
  /** Suggestions nearest this point come first. */
  near: LatLng;
  /**
   * Saved restrooms to suggest by name, street or city; all of the field's list when address search
   * fails. The list ranks its own rows (NearestList.search), expanding only those it suggests.
   */
  restrooms: RankedRestrooms<SearchableRestroom> | Iterable<SearchableRestroom>;
  lookup: Pick<AddressLookup, 'looking' | 'problem'>;
  onPickPlace: (place: Place) => void;
  onPickRestroom: (restroom: SearchableRestroom) => void;
  /** Typed text committed without picking a suggestion (blur, or Enter): geocode it. */
  onLookUp: (text: string) => void;
  onClear: () => void;
}

interface Draft {
  text: string;
  epoch: number;
  /** Already handed to `onLookUp`: a second blur must not send the same text again. */
  sent: boolean;
}

/**
 * The 'Enter an address' field (docs/product-rules.md#search): a combobox whose list offers places from the geocoder and
 * restrooms saved on the device, and only those when address search is out of reach. Text left
 * without a pick is geocoded; the field can be cleared, with its button or by emptying it.
 */
export function AddressSearch(props: AddressSearchProps) {
  const { value, epoch, near, restrooms, lookup, onPickPlace, onPickRestroom, onLookUp, onClear } = props;
  const t = useT();
  const [draft, setDraft] = useState<Draft | null>(null);

  const typing = draft !== null && draft.epoch === epoch ? draft : null;
  const suggestions = usePlaceSuggestions(typing?.text ?? null, near);
  const lookupFailure = typing?.sent && (lookup.problem === 'offline' || lookup.problem === 'failed') ? lookup.problem : null;
  const failure = suggestions.failure ?? lookupFailure;
  // Matched against the text the places answer, so the whole list changes at once, not in two steps.
  const matches = useMemo(
    () => (typing ? matchRestrooms(restrooms, suggestions.query, failure ? RESTROOM_MATCH_LIMIT : RESTROOMS_BELOW_PLACES) : []),
    [restrooms, typing, suggestions.query, failure],
  );
  const options = buildSuggestions(failure ? [] : suggestions.places, matches);
  const notFound = typing?.sent === true && lookup.problem === 'not-found';

  const pick = (option: Suggestion) => {
    setDraft(null);
    if (option.kind === 'place') onPickPlace(option.place);
    else onPickRestroom(option.restroom);
  };

  const commit = () => {
    if (!typing || typing.sent) return;
    const text = typing.text.trim();
    if (text === '') {
      setDraft(null);
      if (value !== '') onClear();
      return;
    }
    setDraft({ ...typing, sent: true });
    onLookUp(text);
  };

  return (
    <div className="address-search">
      <AddressCombobox
        label={t('search.label')}
        placeholder={t('search.label')}
        value={typing ? typing.text : value}
        onType={(text) => {
          // Emptying the field clears the address at once, as the clear button does: a heading and
          // a list still measured from an address no longer in the field would mislead.
          if (text.trim() === '' && value !== '') {
            setDraft(null);
            onClear();
          } else {
            setDraft({ text, epoch, sent: false });
          }
        }}
        options={options}
        answered={typing !== null && (suggestions.settled || failure !== null)}
        onPick={pick}
        onCommit={commit}
        onClear={() => {
          setDraft(null);
          onClear();
        }}
        busy={lookup.looking}
      />
      <p className="address-search__note" role="status">
        {lookup.looking ? t('search.lookingUp') : typing && failure ? searchFailureText(failure) : ''}
      </p>
      <p className="form-message" role="alert">
        {notFound ? t('search.notFound') : ''}
      </p>
    </div>
  );
}

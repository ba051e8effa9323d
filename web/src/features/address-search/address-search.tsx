import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ADDRESS_QUERY_MAX_LENGTH, type LatLng, type Place } from '@allstall/shared';
import { CloseIcon } from '../../components/icons';
import { matchRestrooms, RESTROOM_MATCH_LIMIT } from './match-restrooms';
import { searchFailureText } from './search-failure';
import { SuggestionList } from './suggestion-list';
import { buildSuggestions, RESTROOMS_BELOW_PLACES, suggestionCountText, type SearchableRestroom, type Suggestion } from './suggestions';
import type { AddressLookup } from './use-address-lookup';
import { usePlaceSuggestions } from './use-place-suggestions';

interface AddressSearchProps {
  /** What the field shows while the person is not typing: the chosen address, or nothing. */
  value: string;
  /** Changes whenever the origin is chosen or cleared, which drops any text typed before. */
  epoch: number;
  /** Suggestions nearest this point come first. */
  near: LatLng;
  /** Saved restrooms to suggest by name, street or city; all of the field's list when address search fails. */
  restrooms: readonly SearchableRestroom[];
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
 * The 'Enter an address' field (spec §2): an ARIA 1.2 combobox whose list offers places from the
 * geocoder and restrooms saved on the device, and only those when address search is out of reach.
 */
export function AddressSearch(props: AddressSearchProps) {
  const { value, epoch, near, restrooms, lookup, onPickPlace, onPickRestroom, onLookUp, onClear } = props;
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

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
  const expanded = open && typing !== null && options.length > 0;
  const activeIndex = expanded && active < options.length ? active : -1;
  const answered = typing !== null && typing.text.trim() !== '' && (suggestions.settled || failure !== null);
  const notFound = typing?.sent === true && lookup.problem === 'not-found';

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (option: Suggestion) => {
    close();
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

  const move = (step: 1 | -1) => {
    if (!typing || options.length === 0) return;
    setOpen(true);
    const from = expanded ? activeIndex : step === 1 ? -1 : options.length;
    setActive((from + step + options.length) % options.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeIndex >= 0) pick(options[activeIndex]!);
      else {
        close();
        commit();
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  const shown = typing ? typing.text : value;
  return (
    <div className="address-search">
      <label className="sr-only" htmlFor={`${id}-input`}>
        Enter an address
      </label>
      <div className="address-search__field">
        <input
          ref={input}
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-busy={lookup.looking || undefined}
          placeholder="Enter an address"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={ADDRESS_QUERY_MAX_LENGTH}
          value={shown}
          onChange={(event) => {
            setDraft({ text: event.target.value, epoch, sent: false });
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            commit();
          }}
        />
        {shown !== '' && (
          <button
            type="button"
            className="icon-button address-search__clear"
            aria-label="Clear address"
            // Keeps focus in the field, so clearing does not first send the text it clears.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              close();
              setDraft(null);
              onClear();
              input.current?.focus();
            }}
          >
            <CloseIcon size={20} />
          </button>
        )}
      </div>
      <SuggestionList id={listId} options={options} activeIndex={activeIndex} hidden={!expanded} onPick={pick} />
      <p className="sr-only" role="status">
        {open && answered ? suggestionCountText(options.length) : ''}
      </p>
      <p className="address-search__note" role="status">
        {lookup.looking ? 'Looking up the address…' : typing && failure ? searchFailureText(failure) : ''}
      </p>
      <p className="form-message" role="alert">
        {notFound ? "We couldn't find that address." : ''}
      </p>
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { LatLng } from '@allstall/shared';
import { useClientConfig } from '@/hooks/use-client-config';
import { useGrantedPosition } from '@/hooks/use-granted-position';
import { readStashedDraft } from '@/lib/login/draft-stash';
import { AddressCombobox } from '@/components/address-combobox';
import { buildSuggestions, type Suggestion } from '@/lib/search/address-suggestions';
import { usePlaceSuggestions } from '@/hooks/use-place-suggestions';
import { AddRestroomDialog } from './add-restroom-dialog';
import { mapSpotOf } from './map-spot';
import { isNewRestroomDraft, newRestroomDraftOf, newRestroomStashKey, type NewRestroomDraft } from './new-restroom-draft';
import { PlaceLookupResult } from './place-lookup-result';
import { usePlaceLookup, type FoundPlace } from './use-place-lookup';
import { useT } from '@/lib/i18n/use-t';
import type { MessageId } from '@/lib/i18n/message-id';

interface OpenDialog {
  initial: NewRestroomDraft;
  hoursNote?: MessageId | undefined;
}

const OSM_HOURS_NOTE: MessageId = 'writes.add.osmHoursNote';

/** The dialog with no place: what the person types is all there is, plus a tapped spot if any. */
const byHand = (spot: LatLng | null): OpenDialog => ({ initial: newRestroomDraftOf({ place: null, hours: null, spot }) });

/**
 * /addbathroom for a signed-in person (docs/product-rules.md#adding-a-restroom): find the place by address, by a suggestion, or by
 * a spot tapped on the /bathrooms map (`location.state.spot`); then either the restroom already listed
 * there, or the dialog to add it. Without a connection the bathroom can still be added by hand.
 */
export function AddRestroomScreen({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  const id = useId();
  const t = useT();
  const { region } = useClientConfig();
  const { position } = useGrantedPosition();
  const lookup = usePlaceLookup();
  const [text, setText] = useState('');
  // Suggestions follow typing only: the address of a chosen place is not a new question.
  const [typed, setTyped] = useState<string | null>(null);
  const suggestions = usePlaceSuggestions(typed, position ?? region.mapCenter);
  // A draft stashed before a login brings its dialog back.
  const [dialog, setDialog] = useState<OpenDialog | null>(() => {
    const stashed = readStashedDraft(newRestroomStashKey(userId), isNewRestroomDraft);
    return stashed ? { initial: stashed } : null;
  });
  const spot = mapSpotOf(useLocation().state);

  const openByHand = (at: LatLng | null) => setDialog(byHand(at));
  const openFor = (found: FoundPlace) =>
    setDialog({ initial: newRestroomDraftOf(found), hoursNote: found.hours ? OSM_HOURS_NOTE : undefined });

  const { lookUpSpot } = lookup;
  const spotLat = spot?.lat;
  const spotLng = spot?.lng;
  useEffect(() => {
    if (spotLat === undefined || spotLng === undefined) return;
    const at = { lat: spotLat, lng: spotLng };
    void lookUpSpot(at).then((outcome) => {
      // Offline, the tapped spot is all there is to go on: straight to the form with it.
      if (outcome?.kind === 'offline') setDialog(byHand(at));
    });
  }, [lookUpSpot, spotLat, spotLng]);

  const type = (value: string) => {
    setText(value);
    setTyped(value);
  };

  const choose = (option: Suggestion) => {
    // Only places are offered here; saved restrooms are /bathrooms' business.
    if (option.kind !== 'place') return;
    setText(option.place.formatted_address);
    setTyped(null);
    void lookup.choosePlace(option.place);
  };

  return (
    <section className="page page--narrow add-restroom" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('writes.add.title')}</h1>
      <form
        role="search"
        aria-label={t('writes.add.searchLabel')}
        className="add-restroom__search"
        onSubmit={(event) => {
          event.preventDefault();
          const address = text.trim();
          if (address !== '') void lookup.searchAddress(address);
        }}
      >
        <AddressCombobox
          label={t('writes.add.addressLabel')}
          placeholder={t('writes.add.addressPlaceholder')}
          value={text}
          onType={type}
          options={typed === null ? [] : buildSuggestions(suggestions.places, [])}
          answered={typed !== null && suggestions.settled}
          onPick={choose}
        />
        <button type="submit" className="button button--primary" disabled={text.trim() === ''}>
          {t('writes.add.searchButton')}
        </button>
      </form>
      <div className="add-restroom__result" aria-live="polite">
        <PlaceLookupResult state={lookup.state} typed={text.trim() !== ''} onReview={openFor} onAddByHand={openByHand} />
      </div>
      {dialog && (
        <AddRestroomDialog
          userId={userId}
          isAdmin={isAdmin}
          initial={dialog.initial}
          hoursNote={dialog.hoursNote && t(dialog.hoursNote)}
          onCancel={() => setDialog(null)}
        />
      )}
    </section>
  );
}

import { Link } from 'react-router-dom';
import type { LatLng } from '@allstall/shared';
import { Spinner } from '@/components/spinner';
import type { FoundPlace, PlaceLookupState } from './use-place-lookup';
import { restroomPath } from '@/lib/links/app-paths';
import { useT } from '@/lib/i18n/use-t';

interface PlaceLookupResultProps {
  state: PlaceLookupState;
  /** The field has text: the hint moves on from 'Start typing' to what to do with it. */
  typed: boolean;
  /** 'Review bathroom info': the dialog, filled from the place. */
  onReview: (found: FoundPlace) => void;
  /** The dialog without a place: what the person types is all there is (plus a tapped spot). */
  onAddByHand: (spot: LatLng | null) => void;
}

/** What the lookup found, in the spec's words, or why it found nothing and what can be done instead. */
export function PlaceLookupResult({ state, typed, onReview, onAddByHand }: PlaceLookupResultProps) {
  const t = useT();
  switch (state.kind) {
    case 'idle':
      return <p>{t(typed ? 'writes.add.idleTyped' : 'writes.add.idle')}</p>;
    case 'looking':
      return <Spinner label={t('writes.add.looking')} />;
    case 'found':
      return state.found.existing ? (
        <>
          <h2>{t('writes.add.doYouMean')}</h2>
          <p className="add-restroom__place">
            <strong>{state.found.existing.name}</strong>
            <span>{state.found.existing.street}</span>
          </p>
          <p>{t('writes.add.alreadyThere')}</p>
          <Link className="button button--primary" to={restroomPath(state.found.existing.id)}>
            {t('writes.add.reviewInstead')}
          </Link>
        </>
      ) : (
        <>
          <p className="add-restroom__place">
            <strong>{state.found.place.name}</strong>
            {state.found.place.formatted_address !== state.found.place.name && <span>{state.found.place.formatted_address}</span>}
          </p>
          <h2>{t('writes.add.rightAddress')}</h2>
          <button type="button" className="button button--primary" onClick={() => onReview(state.found)}>
            {t('writes.add.reviewInfo')}
          </button>
        </>
      );
    case 'not-found':
      return (
        <ByHand onAdd={() => onAddByHand(state.spot)}>
          {t(state.spot ? 'writes.add.notFoundSpot' : 'writes.add.notFoundAddress')}
        </ByHand>
      );
    case 'offline':
      return (
        <ByHand onAdd={() => onAddByHand(state.spot)}>{t('writes.add.offline')}</ByHand>
      );
    case 'failed':
      return (
        <ByHand onAdd={() => onAddByHand(state.spot)}>{t('writes.add.failed')}</ByHand>
      );
  }
}

function ByHand({ children, onAdd }: { children: string; onAdd: () => void }) {
  const t = useT();
  return (
    <>
      <p className="notice notice--problem">{children}</p>
      <button type="button" className="button button--secondary" onClick={onAdd}>
        {t('writes.add.byHand')}
      </button>
    </>
  );
}

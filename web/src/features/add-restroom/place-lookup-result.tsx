import { Link } from 'react-router-dom';
import type { LatLng } from '@allstall/shared';
import { Spinner } from '../../components/spinner';
import type { FoundPlace, PlaceLookupState } from './use-place-lookup';
import { restroomPath } from '../../lib/app-paths';

interface PlaceLookupResultProps {
  state: PlaceLookupState;
  /** 'Review bathroom info': the dialog, filled from the place. */
  onReview: (found: FoundPlace) => void;
  /** The dialog without a place: what the person types is all there is (plus a tapped spot). */
  onAddByHand: (spot: LatLng | null) => void;
}

/** What the lookup found, in the spec's words, or why it found nothing and what can be done instead. */
export function PlaceLookupResult({ state, onReview, onAddByHand }: PlaceLookupResultProps) {
  switch (state.kind) {
    case 'idle':
      return <p>Start typing an address to begin.</p>;
    case 'looking':
      return <Spinner label="Looking up the address…" />;
    case 'found':
      return state.found.existing ? (
        <>
          <h2>Do you mean:</h2>
          <p className="add-restroom__place">
            <strong>{state.found.existing.name}</strong>
            <span>{state.found.existing.street}</span>
          </p>
          <p>Looks like that one&apos;s already in there!</p>
          <Link className="button button--primary" to={restroomPath(state.found.existing.id)}>
            Leave a Review instead
          </Link>
        </>
      ) : (
        <>
          <p className="add-restroom__place">
            <strong>{state.found.place.name}</strong>
            {state.found.place.formatted_address !== state.found.place.name && <span>{state.found.place.formatted_address}</span>}
          </p>
          <h2>Is this the right address?</h2>
          <button type="button" className="button button--primary" onClick={() => onReview(state.found)}>
            Review bathroom info
          </button>
        </>
      );
    case 'not-found':
      return (
        <ByHand onAdd={() => onAddByHand(state.spot)}>
          {state.spot
            ? "We couldn't find an address at that spot. You can still add the bathroom by hand."
            : "We couldn't find that address. Check it and search again, or add the bathroom by hand."}
        </ByHand>
      );
    case 'offline':
      return (
        <ByHand onAdd={() => onAddByHand(state.spot)}>
          Looking up an address needs a connection. You can still add the bathroom by hand.
        </ByHand>
      );
    case 'failed':
      return (
        <ByHand onAdd={() => onAddByHand(state.spot)}>
          The address search isn&apos;t working right now. Try again in a moment, or add the bathroom by hand.
        </ByHand>
      );
  }
}

function ByHand({ children, onAdd }: { children: string; onAdd: () => void }) {
  return (
    <>
      <p className="notice notice--problem">{children}</p>
      <button type="button" className="button button--secondary" onClick={onAdd}>
        Add it by hand
      </button>
    </>
  );
}

import type { PositionProblem } from '../../hooks/use-granted-position';
import { MapPinIcon } from '../../components/icons';

export function positionProblemText(problem: PositionProblem, fallback: string): string {
  switch (problem) {
    case 'denied':
      return `Location is blocked for this site. Using ${fallback} instead; you can search an address.`;
    case 'timeout':
      return `Finding your location took too long. Using ${fallback} instead; try again or search an address.`;
    default:
      return `Your location isn't available right now. Using ${fallback} instead; you can search an address.`;
  }
}

export function LocateButton({ asking, onLocate }: { asking: boolean; onLocate: () => void }) {
  return (
    <button type="button" className="button button--secondary button--small" aria-busy={asking} onClick={onLocate}>
      <MapPinIcon size={20} />
      Use my location
    </button>
  );
}

interface LocationMessagesProps {
  asking: boolean;
  /** Given only while the list is measured from `fallback` because of it. */
  problem: PositionProblem | null;
  /** "downtown Minneapolis": what the list is measured from instead. */
  fallback: string;
}

/**
 * What came of 'Use my location': the seed ignored a refusal (docs/product-rules.md#search); here every outcome is said.
 * Both regions stay in the page so screen readers hear their text when it arrives.
 */
export function LocationMessages({ asking, problem, fallback }: LocationMessagesProps) {
  return (
    <>
      <p className="home-controls__message" role="status">
        {asking ? 'Finding your location…' : ''}
      </p>
      <p className="home-controls__message form-message" role="alert">
        {problem ? positionProblemText(problem, fallback) : ''}
      </p>
    </>
  );
}

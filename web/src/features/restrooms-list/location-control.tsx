import type { PositionProblem } from '@/hooks/use-granted-position';
import { MapPinIcon } from '@/components/icons';
import { useT, type Translate } from '@/lib/i18n/use-t';

function positionProblemText(t: Translate, problem: PositionProblem, fallback: string): string {
  switch (problem) {
    case 'denied':
      return t('location.denied', { fallback });
    case 'timeout':
      return t('location.timeout', { fallback });
    default:
      return t('location.unavailable', { fallback });
  }
}

export function LocateButton({ asking, onLocate }: { asking: boolean; onLocate: () => void }) {
  const t = useT();
  return (
    <button type="button" className="button button--secondary button--small" aria-busy={asking} onClick={onLocate}>
      <MapPinIcon size={20} />
      {t('location.useMine')}
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
  const t = useT();
  return (
    <>
      <p className="home-controls__message" role="status">
        {asking ? t('location.finding') : ''}
      </p>
      <p className="home-controls__message form-message" role="alert">
        {problem ? positionProblemText(t, problem, fallback) : ''}
      </p>
    </>
  );
}

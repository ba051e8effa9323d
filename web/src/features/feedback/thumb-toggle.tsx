import { ThumbDownIcon, ThumbUpIcon } from '@/components/icons';
import type { Thumb } from '@/lib/db/db';
import { useT } from '@/lib/i18n/use-t';

const THUMBS = [
  { vote: 'up', labelId: 'feedback.thumbsUp', Icon: ThumbUpIcon },
  { vote: 'down', labelId: 'feedback.thumbsDown', Icon: ThumbDownIcon },
] as const;

/**
 * Two toggle buttons that act as one choice: pressing one releases the other, pressing the pressed
 * one releases it (docs/product-rules.md#feedback-and-votes: only one active; no thumb is a valid answer).
 */
export function ThumbToggle({ value, onChange }: { value: Thumb | null; onChange: (vote: Thumb | null) => void }) {
  const t = useT();
  return (
    <div className="thumb-toggle" role="group" aria-label={t('feedback.rating')}>
      {THUMBS.map(({ vote, labelId, Icon }) => {
        const pressed = value === vote;
        return (
          <button
            key={vote}
            type="button"
            className={`thumb-toggle__button${pressed ? ' is-pressed' : ''}`}
            aria-pressed={pressed}
            aria-label={t(labelId)}
            onClick={() => onChange(pressed ? null : vote)}
          >
            <Icon size={32} />
          </button>
        );
      })}
    </div>
  );
}

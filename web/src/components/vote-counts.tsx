import { ThumbDownIcon, ThumbUpIcon } from './icons';
import { useT } from '../lib/i18n/use-t';

/** Counts read as 'Upvotes 3, Downvotes 0': the icon carries the word, the number stays visible text. */
export function VoteCounts({ upvotes, downvotes }: { upvotes: number | null | undefined; downvotes: number | null | undefined }) {
  const t = useT();
  return (
    <ul className="vote-counts" aria-label={t('votes.list')}>
      <li>
        <ThumbUpIcon size={20} title={t('votes.up')} />
        <span className="vote-count">{upvotes ?? 0}</span>
      </li>
      <li>
        <ThumbDownIcon size={20} title={t('votes.down')} />
        <span className="vote-count">{downvotes ?? 0}</span>
      </li>
    </ul>
  );
}

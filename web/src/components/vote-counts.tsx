import { ThumbDownIcon, ThumbUpIcon } from './icons';

/** Counts read as 'Upvotes 3, Downvotes 0': the icon carries the word, the number stays visible text. */
export function VoteCounts({ upvotes, downvotes }: { upvotes: number | null | undefined; downvotes: number | null | undefined }) {
  return (
    <ul className="vote-counts" aria-label="Votes">
      <li>
        <ThumbUpIcon size={20} title="Upvotes" />
        <span className="vote-count">{upvotes ?? 0}</span>
      </li>
      <li>
        <ThumbDownIcon size={20} title="Downvotes" />
        <span className="vote-count">{downvotes ?? 0}</span>
      </li>
    </ul>
  );
}

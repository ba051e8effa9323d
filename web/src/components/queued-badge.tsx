import type { OutboxStatus } from '../lib/outbox/outbox-types';
import { queuedCommentMark } from '../lib/outbox/describe-write';

/** 'Not sent yet' or "Couldn't be sent" beside a comment that is still on this device. */
export function QueuedBadge({ status }: { status: OutboxStatus }) {
  return <span className={`queued-badge${status === 'failed' ? ' queued-badge--failed' : ''}`}>{queuedCommentMark(status)}</span>;
}

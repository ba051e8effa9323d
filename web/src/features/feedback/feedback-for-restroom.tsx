import { useState } from 'react';
import { WRITE_ALERTS } from '../../components/write-alerts';
import { useWriteSubmission } from '../../hooks/use-write-submission';
import { dropStashedDraft, readStashedDraft, stashDraft } from '../../lib/draft-stash';
import { checkFeedbackDraft, EMPTY_FEEDBACK_DRAFT, isFeedbackDraft } from './feedback-draft';
import { FeedbackDialog } from './feedback-dialog';

interface FeedbackForRestroomProps {
  restroomId: string;
  /** Whose draft this is: a stashed one waits for its author, not for whoever signs in next on this tab. */
  userId: string;
  onClose: () => void;
  /** The session ended while the dialog was open: the draft is stashed for after logging in. */
  onGuest: () => void;
}

/** 'I peed here!': the feedback dialog wired to the outbox. A draft stashed before a login comes back. */
export function FeedbackForRestroom({ restroomId, userId, onClose, onGuest }: FeedbackForRestroomProps) {
  const stashKey = `feedback:${userId}:${restroomId}`;
  const [draft, setDraft] = useState(() => readStashedDraft(stashKey, isFeedbackDraft) ?? EMPTY_FEEDBACK_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  const submission = useWriteSubmission({ success: WRITE_ALERTS.thanksForSharing, failure: WRITE_ALERTS.didNotWork });

  const submit = () => {
    const { write, problem: local } = checkFeedbackDraft(restroomId, draft);
    setProblem(local?.message ?? null);
    if (!write) return;
    void submission.submit(
      write,
      {
        onQueued: () => {
          dropStashedDraft(stashKey);
          onClose();
        },
        onGuest: () => {
          stashDraft(stashKey, draft);
          onGuest();
        },
      },
    );
  };

  return (
    <FeedbackDialog
      value={draft}
      onChange={setDraft}
      onSubmit={submit}
      onCancel={() => {
        dropStashedDraft(stashKey);
        onClose();
      }}
      busy={submission.busy}
      problem={problem}
    />
  );
}

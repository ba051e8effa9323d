import { useDraftWrite } from '@/components/use-write';
import { checkFeedbackDraft, EMPTY_FEEDBACK_DRAFT, isFeedbackDraft } from './feedback-draft';
import { FeedbackDialog } from './feedback-dialog';
import { serverMessage } from '@/lib/i18n/server-message';

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
  const form = useDraftWrite({
    stashKey: `feedback:${userId}:${restroomId}`,
    isDraft: isFeedbackDraft,
    initial: () => EMPTY_FEEDBACK_DRAFT,
    check: (draft) => checkFeedbackDraft(restroomId, draft),
    onClose,
    onGuest,
  });
  return (
    <FeedbackDialog
      value={form.draft}
      onChange={form.setDraft}
      onSubmit={form.submit}
      onCancel={form.cancel}
      busy={form.busy}
      problem={form.problem ? serverMessage(form.problem) : undefined}
    />
  );
}

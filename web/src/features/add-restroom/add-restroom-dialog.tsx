import { useNavigate } from 'react-router-dom';
import { WRITE_ALERTS } from '@/components/write-alerts';
import { useDraftWrite } from '@/components/use-write';
import { stashDraft } from '@/lib/login/draft-stash';
import { NewRestroomDialog } from './new-restroom-dialog';
import { checkNewRestroomDraft, isNewRestroomDraft, newRestroomStashKey, type NewRestroomDraft } from './new-restroom-draft';
import { bathroomsPath } from '@/lib/links/app-paths';

interface AddRestroomDialogProps {
  userId: string;
  /** An admin's restroom is listed at once; anyone else's waits for review, and the thanks says so. */
  isAdmin: boolean;
  initial: NewRestroomDraft;
  hoursNote?: string | undefined;
  onCancel: () => void;
}

/**
 * 'Add more info here:' wired to the outbox. The draft is stashed as it is typed: if the session
 * ends, the page swaps to the login prompt, and the dialog comes back with the words after logging
 * in. Once queued, the person goes to /bathrooms (docs/product-rules.md#adding-a-restroom) with 'Thank you! Bathroom received!' and, unless they are an admin, that it waits for review.
 */
export function AddRestroomDialog({ userId, isAdmin, initial, hoursNote, onCancel }: AddRestroomDialogProps) {
  const stashKey = newRestroomStashKey(userId);
  const navigate = useNavigate();
  const form = useDraftWrite({
    stashKey,
    isDraft: isNewRestroomDraft,
    initial: () => initial,
    check: checkNewRestroomDraft,
    // An admin's restroom is listed at once: the thanks leaves out the review.
    alerts: isAdmin ? { success: WRITE_ALERTS.bathroomReceived } : {},
    onClose: onCancel,
    onQueued: () => navigate(bathroomsPath),
    // The page is about to show the login prompt; the draft stashed as typed waits for the person.
    onGuest: () => {},
  });

  const change = (next: NewRestroomDraft) => {
    form.setDraft(next);
    stashDraft(stashKey, next);
  };

  return (
    <NewRestroomDialog
      value={form.draft}
      onChange={change}
      onSubmit={form.submit}
      onCancel={form.cancel}
      busy={form.busy}
      problem={form.problem}
      hoursNote={hoursNote}
    />
  );
}

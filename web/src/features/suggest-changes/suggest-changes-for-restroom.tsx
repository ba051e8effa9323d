import type { Restroom } from '@allstall/shared';
import type { ChoiceField } from '@/components/listing-choices';
import { useDraftWrite } from '@/components/use-write';
import { checkFlagDraft, flagDraftOf, isFlagDraft } from './flag-draft';
import { SuggestChangesDialog } from './suggest-changes-dialog';

interface SuggestChangesForRestroomProps {
  restroom: Restroom;
  /** Whose draft this is: a stashed one waits for its author, not for whoever signs in next on this tab. */
  userId: string;
  onClose: () => void;
  /** The session ended while the dialog was open: the draft is stashed for after logging in. */
  onGuest: () => void;
  /** 'Know this? Tell us': the amenity (or 'access') whose group has focus when the dialog opens. */
  focusField?: ChoiceField | null | undefined;
}

/** 'Something not look right?': the suggest-changes dialog for one restroom, wired to the outbox. */
export function SuggestChangesForRestroom({ restroom, userId, onClose, onGuest, focusField = null }: SuggestChangesForRestroomProps) {
  const form = useDraftWrite({
    stashKey: `flag:${userId}:${restroom.id}`,
    isDraft: isFlagDraft,
    initial: () => flagDraftOf(restroom),
    check: checkFlagDraft,
    onClose,
    onGuest,
  });
  return (
    <SuggestChangesDialog
      value={form.draft}
      onChange={form.setDraft}
      onSubmit={form.submit}
      onCancel={form.cancel}
      busy={form.busy}
      problem={form.problem}
      focusField={focusField}
    />
  );
}

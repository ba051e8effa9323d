import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { WriteProblem } from '@allstall/shared';
import { WRITE_ALERTS } from '../../components/write-alerts';
import { useWriteSubmission } from '../../hooks/use-write-submission';
import { dropStashedDraft, stashDraft } from '../../lib/draft-stash';
import { NewRestroomDialog } from './new-restroom-dialog';
import { checkNewRestroomDraft, newRestroomStashKey, type NewRestroomDraft } from './new-restroom-draft';

interface AddRestroomDialogProps {
  userId: string;
  initial: NewRestroomDraft;
  hoursNote?: string | undefined;
  onCancel: () => void;
}

/**
 * 'Add more info here:' wired to the outbox. The draft is stashed as it is typed: if the session
 * ends, the page swaps to the login prompt, and the dialog comes back with the words after logging
 * in. Once queued, the person goes to /bathrooms (spec §2) with 'Thank you! Bathroom received!'.
 */
export function AddRestroomDialog({ userId, initial, hoursNote, onCancel }: AddRestroomDialogProps) {
  const stashKey = newRestroomStashKey(userId);
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const submission = useWriteSubmission({ success: WRITE_ALERTS.bathroomReceived, failure: WRITE_ALERTS.somethingWentWrong });

  const change = (next: NewRestroomDraft) => {
    setDraft(next);
    stashDraft(stashKey, next);
  };

  const submit = () => {
    const { write, problem: local } = checkNewRestroomDraft(draft);
    setProblem(local);
    if (!write) return;
    void submission.submit(write, {
      onQueued: () => {
        dropStashedDraft(stashKey);
        navigate('/bathrooms');
      },
      // The page is about to show the login prompt; the stashed draft waits for the person.
      onGuest: () => {},
    });
  };

  const cancel = () => {
    dropStashedDraft(stashKey);
    onCancel();
  };

  return (
    <NewRestroomDialog
      value={draft}
      onChange={change}
      onSubmit={submit}
      onCancel={cancel}
      busy={submission.busy}
      problem={problem}
      hoursNote={hoursNote}
    />
  );
}

import { useState } from 'react';
import type { Restroom, WriteProblem } from '@allstall/shared';
import { WRITE_ALERTS } from '../../components/write-alerts';
import { useWriteSubmission } from '../../hooks/use-write-submission';
import { dropStashedDraft, readStashedDraft, stashDraft } from '../../lib/draft-stash';
import { checkFlagDraft, flagBodyOf, isFlagBody } from './flag-draft';
import { SuggestChangesDialog } from './suggest-changes-dialog';

interface SuggestChangesForRestroomProps {
  restroom: Restroom;
  /** Whose draft this is: a stashed one waits for its author, not for whoever signs in next on this tab. */
  userId: string;
  onClose: () => void;
  /** The session ended while the dialog was open: the draft is stashed for after logging in. */
  onGuest: () => void;
}

/** 'Something not look right?': the suggest-changes dialog for one restroom, wired to the outbox. */
export function SuggestChangesForRestroom({ restroom, userId, onClose, onGuest }: SuggestChangesForRestroomProps) {
  const stashKey = `flag:${userId}:${restroom.id}`;
  const [draft, setDraft] = useState(() => readStashedDraft(stashKey, isFlagBody) ?? flagBodyOf(restroom));
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const submission = useWriteSubmission({ success: WRITE_ALERTS.thanksForSharing, failure: WRITE_ALERTS.didNotWork });

  const submit = () => {
    const { write, problem: local } = checkFlagDraft(draft);
    setProblem(local);
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
    <SuggestChangesDialog
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

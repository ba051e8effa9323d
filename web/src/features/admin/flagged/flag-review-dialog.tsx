import { useId, useState } from 'react';
import type { FlagDecisionBody, FlagProposal, FlagReview, WriteProblem } from '@allstall/shared';
import { ListingChoices } from '@/components/listing-choices';
import { ListingTextFields } from '@/components/listing-text-fields';
import { ModalDialog } from '@/components/modal-dialog';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import { serverMessage } from '@/lib/i18n/server-message';
import { useT } from '@/lib/i18n/use-t';
import { checkFlagApproval } from './flag-edits';
import { FlagValues } from './flag-values';

interface FlagReviewDialogProps {
  flag: FlagReview;
  /** Queues the decision; the dialog closes once it is stored. */
  onDecide: (decision: FlagDecisionBody) => void;
  onClose: () => void;
  returnFocusTo?: FocusFallback | undefined;
}

/**
 * 'Review suggested edits': the proposal beside the restroom as it was on a desktop (above it on a
 * phone), changed values highlighted, with 'Reject suggestions', 'Edit' (the admin's own values over
 * the proposal) and 'Approve'.
 */
export function FlagReviewDialog({ flag, onDecide, onClose, returnFocusTo }: FlagReviewDialogProps) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState<FlagProposal | null>(null);
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const changed = new Set(flag.changed);

  const approve = () => {
    const checked = checkFlagApproval(flag, draft ?? flag.proposed);
    if (checked.problem) return setProblem(checked.problem);
    onDecide(checked.decision);
  };

  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      // Reviewing, the dialog is wide enough on a desktop for the proposal and the original side by side.
      className={`dialog dialog--form flag-review${draft === null ? ' flag-review--compare' : ''}`}
      onCancel={onClose}
      returnFocusTo={returnFocusTo}
    >
      <h2 id={`${id}-title`}>{t('admin.flagged.review')}</h2>
      <p>{t('admin.flagReview.byline', { name: flag.original.name, username: flag.username })}</p>
      {draft === null ? (
        <div className="flag-review__sides">
          <FlagValues heading={t('admin.flagReview.suggested')} values={flag.proposed} changed={changed} original={flag.original}>
            {flag.other.trim() !== '' && <p className="flag-review__other">{t('admin.flagReview.other', { text: flag.other.trim() })}</p>}
          </FlagValues>
          <FlagValues heading={t('admin.flagReview.original')} values={flag.original} changed={new Set()} />
        </div>
      ) : (
        <FlagEditFields id={id} draft={draft} problem={problem} onChange={setDraft} />
      )}
      {problem && problem.field !== 'edits.name' && (
        <p className="form-message" role="alert">
          {serverMessage(problem)}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--quiet" onClick={draft === null ? onClose : () => setDraft(null)}>
          {draft === null ? t('admin.flagReview.close') : t('admin.flagReview.back')}
        </button>
        {draft === null && (
          <>
            <button type="button" className="button button--danger" onClick={() => onDecide({ status: 'rejected' })}>
              {t('admin.flagReview.reject')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setDraft(flag.proposed)}>
              {t('admin.action.edit')}
            </button>
          </>
        )}
        <button type="button" className="button button--primary" onClick={approve}>
          {t('admin.action.approve')}
        </button>
      </div>
    </ModalDialog>
  );
}

interface FlagEditFieldsProps {
  id: string;
  draft: FlagProposal;
  problem: WriteProblem | null;
  onChange: (draft: FlagProposal) => void;
}

/** 'Edit': the proposal in fields, for the admin to adjust before approving. */
function FlagEditFields({ id, draft, problem, onChange }: FlagEditFieldsProps) {
  const t = useT();
  return (
    <div className="flag-review__edit">
      <fieldset className="plain-fieldset" disabled={draft.is_closed}>
        <ListingTextFields
          idPrefix={id}
          value={draft}
          onChange={onChange}
          problemFor={(key) => (problem?.field === `edits.${key}` ? serverMessage(problem) : null)}
          requireName
        />
        <ListingChoices value={draft} onChange={onChange} />
      </fieldset>
      <label className="checkbox checkbox--closed">
        <input type="checkbox" checked={draft.is_closed} onChange={(event) => onChange({ ...draft, is_closed: event.target.checked })} />
        {t('admin.flagReview.permanentlyClosed')}
      </label>
    </div>
  );
}

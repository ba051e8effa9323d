import type { FocusFallback } from '@/hooks/use-focus-rescue';
import type { OutboxRow } from '@/lib/outbox/outbox-types';
import { checkNewRestroomDraft, NewRestroomDialog, newRestroomDraftOfBody } from '../add-restroom';
import { checkContactDraft, ContactDialog } from '../contact';
import { checkFeedbackDraft, FeedbackDialog, feedbackDraftOf } from '../feedback';
import { checkFlagDraft, flagDraftOfBody, SuggestChangesDialog } from '../suggest-changes';
import { serverMessage } from '@/lib/i18n/server-message';
import { useEditDraft } from './use-edit-draft';

type RowOf<K extends OutboxRow['kind']> = Extract<OutboxRow, { kind: K }>;
interface EditProps<K extends OutboxRow['kind']> {
  row: RowOf<K>;
  onClose: () => void;
  /** Where focus goes on closing if the Edit button has gone meanwhile (a saved fix takes it away). */
  returnFocusTo?: FocusFallback | undefined;
}

/**
 * The dialog the write was made in, filled with what is queued, to fix a write the server refused.
 * The fix is checked by the same function as a new write of its kind.
 */
export function EditWaitingWrite({ row, ...rest }: EditProps<OutboxRow['kind']>) {
  switch (row.kind) {
    case 'feedback':
      return <EditFeedback row={row} {...rest} />;
    case 'flag':
      return <EditFlag row={row} {...rest} />;
    case 'contact':
      return <EditContact row={row} {...rest} />;
    case 'comment-delete':
    case 'confirmation':
      // Nothing to change in a deletion or a confirmation: it is discarded or left to retry.
      return null;
    case 'restroom':
      return <EditRestroom row={row} {...rest} />;
  }
}

function EditFeedback(props: EditProps<'feedback'>) {
  const { restroom_id: restroomId } = props.row.body;
  const { form, problem } = useEditDraft({
    ...props,
    initial: () => feedbackDraftOf(props.row.body),
    check: (draft) => checkFeedbackDraft(restroomId, draft),
  });
  return <FeedbackDialog {...form} problem={problem && serverMessage(problem)} />;
}

function EditFlag(props: EditProps<'flag'>) {
  const { form, problem } = useEditDraft({ ...props, initial: () => flagDraftOfBody(props.row.body), check: checkFlagDraft });
  return <SuggestChangesDialog {...form} problem={problem} />;
}

function EditContact(props: EditProps<'contact'>) {
  const { form, problem } = useEditDraft({ ...props, initial: () => props.row.body.details, check: checkContactDraft });
  return <ContactDialog {...form} problem={problem && serverMessage(problem)} />;
}

function EditRestroom(props: EditProps<'restroom'>) {
  const { form, problem } = useEditDraft({ ...props, initial: () => newRestroomDraftOfBody(props.row.body), check: checkNewRestroomDraft });
  return <NewRestroomDialog {...form} problem={problem} />;
}

import { useId } from 'react';
import {
  ADDRESS_MAX_LENGTH,
  ADMIN_COMMENT_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  RESTROOM_NAME_MAX_LENGTH,
  type WriteProblem,
} from '@allstall/shared';
import { ListingChoices, type ListingChoiceValues } from '@/components/listing-choices';
import { FormDialog, type FormDialogHandlers } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { HoursEditor } from '@/components/hours-editor';
import { HOURS_FIELD } from '@/lib/restrooms/hours-input';
import type { NewRestroomDraft } from './new-restroom-draft';
import { serverMessage } from '@/lib/i18n/server-message';
import { useT } from '@/lib/i18n/use-t';

/** The draft's amenities as the shared choices name them: the body says `single_stall` for `is_single_stall`. */
function choicesOf(draft: NewRestroomDraft): ListingChoiceValues {
  const { unisex, accessible, changing_table, single_stall, menstrual_products, access, fee = null } = draft;
  return { unisex, accessible, changing_table, is_single_stall: single_stall, menstrual_products, access, fee };
}

/** The body's own field names, with the prefix the server puts on them ('bathroomToAdd.name'). */
const FIELD_PREFIX = 'bathroomToAdd.';
const TEXT_FIELDS = ['name', 'formatted_address', 'comment', 'commentForAdmin'];

interface NewRestroomDialogProps extends FormDialogHandlers {
  value: NewRestroomDraft;
  onChange: (draft: NewRestroomDraft) => void;
  /** What is wrong: shown by its field, by the hours, or above the form for anything else. */
  problem?: WriteProblem | null;
  /** Where prefilled hours came from, said above them. */
  hoursNote?: string | undefined;
}

/** 'Add more info here:': the new restroom's name, address, amenities, comments and hours. */
export function NewRestroomDialog({ value, onChange, problem, hoursNote, ...form }: NewRestroomDialogProps) {
  const id = useId();
  const t = useT();
  const field = problem?.field.startsWith(FIELD_PREFIX) ? problem.field.slice(FIELD_PREFIX.length) : problem?.field;
  // Shared's checks and the server's refusals carry a code: said in the active language.
  const message = problem ? serverMessage(problem) : null;
  const fieldProblem = (key: string) => (field === key ? message : null);
  const hoursProblem = field?.startsWith(HOURS_FIELD) ? message : null;
  const generalProblem = problem && field !== undefined && !TEXT_FIELDS.includes(field) && !hoursProblem ? message : null;

  return (
    // Focus on the title: opening on Name would pop a phone's keyboard over the form unasked.
    <FormDialog title={t('writes.add.dialogTitle')} submitLabel={t('writes.add.submit')} problem={generalProblem} focusTitle {...form}>
      <TextField
        id={`${id}-name`}
        label={t('writes.field.name')}
        required
        value={value.name}
        maxLength={RESTROOM_NAME_MAX_LENGTH}
        problem={fieldProblem('name')}
        onChange={(name) => onChange({ ...value, name })}
      />
      <TextField
        id={`${id}-address`}
        label={t('writes.field.address')}
        required
        value={value.formatted_address}
        maxLength={ADDRESS_MAX_LENGTH}
        problem={fieldProblem('formatted_address')}
        onChange={(formatted_address) => onChange({ ...value, formatted_address })}
      />
      <ListingChoices
        value={choicesOf(value)}
        onChange={({ is_single_stall, ...choices }) => onChange({ ...value, ...choices, single_stall: is_single_stall })}
      />
      <TextField
        id={`${id}-comment`}
        label={t('writes.add.publicComment')}
        hint={t('writes.add.publicCommentHint')}
        rows={3}
        value={value.comment}
        maxLength={COMMENT_MAX_LENGTH}
        problem={fieldProblem('comment')}
        onChange={(comment) => onChange({ ...value, comment })}
      />
      <TextField
        id={`${id}-admin`}
        label={t('writes.add.adminComment')}
        hint={t('writes.add.adminCommentHint')}
        rows={3}
        value={value.commentForAdmin}
        maxLength={ADMIN_COMMENT_MAX_LENGTH}
        problem={fieldProblem('commentForAdmin')}
        onChange={(commentForAdmin) => onChange({ ...value, commentForAdmin })}
      />
      <HoursEditor value={value.hours} onChange={(hours) => onChange({ ...value, hours })} note={hoursNote} problem={hoursProblem} />
    </FormDialog>
  );
}

import { useId } from 'react';
import { FLAG_OTHER_MAX_LENGTH, type FlagBody, type WriteProblem } from '@allstall/shared';
import { ListingChoices, type ChoiceField } from '../../components/listing-choices';
import { ListingTextFields } from '../../components/listing-text-fields';
import { FormDialog, type FormDialogHandlers } from '../../components/form-dialog';
import { TextField } from '../../components/text-field';
import { LISTING_TEXT_FIELDS } from '../../lib/listing-text-fields';

interface SuggestChangesDialogProps extends FormDialogHandlers {
  value: FlagBody;
  onChange: (body: FlagBody) => void;
  /** What is wrong with the suggestion: shown by its field, or above the form for a field not here. */
  problem?: WriteProblem | null;
  /** The group to focus on opening ('Know this? Tell us' on the detail page), unless the place is closed. */
  focusField?: ChoiceField | null | undefined;
}

/**
 * A suggestion queued before `access` existed has none, which keeps the restroom's own; the form
 * shows it as 'Not sure', and it stays absent until the person picks a value.
 */
function keepAccessAbsent(before: FlagBody, next: FlagBody): FlagBody {
  if (before.access !== undefined || next.access !== null) return next;
  const { access: _notSaid, ...rest } = next;
  return rest;
}

/** 'Suggest changes here:': the listing as the person thinks it should be. */
export function SuggestChangesDialog({ value, onChange, problem, focusField = null, ...form }: SuggestChangesDialogProps) {
  const id = useId();
  const closed = value.is_closed;
  const fieldProblem = (key: string) => (problem?.field === key ? problem.message : null);
  const knownFields: readonly string[] = [...LISTING_TEXT_FIELDS.map((f) => f.key), 'other'];
  const generalProblem = problem && !knownFields.includes(problem.field) ? problem.message : null;

  return (
    <FormDialog title="Suggest changes here:" submitLabel="Submit changes" problem={generalProblem} {...form}>
      {/* A closed place needs no corrections: one disabled fieldset takes every other control out. */}
      <fieldset className="plain-fieldset suggest-changes__fields" disabled={closed}>
        <ListingTextFields idPrefix={id} value={value} onChange={onChange} problemFor={fieldProblem} />
        <TextField
          id={`${id}-other`}
          label="Other"
          rows={3}
          value={value.other}
          maxLength={FLAG_OTHER_MAX_LENGTH}
          problem={fieldProblem('other')}
          onChange={(other) => onChange({ ...value, other })}
        />
        <ListingChoices value={{ ...value, access: value.access ?? null }} onChange={(next) => onChange(keepAccessAbsent(value, next))} focusField={closed ? null : focusField} />
      </fieldset>
      <label className="checkbox checkbox--closed">
        <input type="checkbox" checked={closed} onChange={(event) => onChange({ ...value, is_closed: event.target.checked })} />
        Location is permanently closed
      </label>
    </FormDialog>
  );
}

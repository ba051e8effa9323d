import { useId } from 'react';
import { FLAG_OTHER_MAX_LENGTH, type FlagBody, type WriteProblem } from '@allstall/shared';
import { CheckboxList } from '../../components/checkbox-list';
import { ListingTextFields } from '../../components/listing-text-fields';
import { FormDialog, type FormDialogHandlers } from '../../components/form-dialog';
import { TextField } from '../../components/text-field';
import { LISTING_TEXT_FIELDS } from '../../lib/listing-text-fields';

type BoxKey = 'unisex' | 'accessible' | 'changing_table' | 'is_single_stall';

const BOXES: ReadonlyArray<{ key: BoxKey; label: string }> = [
  { key: 'unisex', label: 'Gender neutral/all-gender' },
  { key: 'accessible', label: 'Wheelchair accessible' },
  { key: 'changing_table', label: 'Changing table' },
  { key: 'is_single_stall', label: 'Single stall' },
];

interface SuggestChangesDialogProps extends FormDialogHandlers {
  value: FlagBody;
  onChange: (body: FlagBody) => void;
  /** What is wrong with the suggestion: shown by its field, or above the form for a field not here. */
  problem?: WriteProblem | null;
}

/** 'Suggest changes here:': the listing as the person thinks it should be. */
export function SuggestChangesDialog({ value, onChange, problem, ...form }: SuggestChangesDialogProps) {
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
        <CheckboxList boxes={BOXES} value={value} onChange={onChange} />
      </fieldset>
      <label className="checkbox checkbox--closed">
        <input type="checkbox" checked={closed} onChange={(event) => onChange({ ...value, is_closed: event.target.checked })} />
        Location is permanently closed
      </label>
    </FormDialog>
  );
}

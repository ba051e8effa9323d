import { useId } from 'react';
import { FLAG_OTHER_MAX_LENGTH, type WriteProblem } from '@allstall/shared';
import { HoursEditor } from '@/components/hours-editor';
import { ListingChoices, type ChoiceField } from '@/components/listing-choices';
import { ListingTextFields } from '@/components/listing-text-fields';
import { FormDialog, type FormDialogHandlers } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { LISTING_TEXT_FIELDS } from '@/lib/restrooms/listing-text-fields';
import { serverMessage } from '@/lib/i18n/server-message';
import { useT } from '@/lib/i18n/use-t';
import { FLAG_HOURS_FIELD, type FlagDraft } from './flag-draft';

interface SuggestChangesDialogProps extends FormDialogHandlers {
  value: FlagDraft;
  onChange: (draft: FlagDraft) => void;
  /** What is wrong with the suggestion: shown by its field, or above the form for a field not here. */
  problem?: WriteProblem | null;
  /** The group to focus on opening ('Know this? Tell us' on the detail page), unless the place is closed. */
  focusField?: ChoiceField | null | undefined;
}

/**
 * A suggestion queued before `access` or `fee` existed has none, which keeps the restroom's own; the
 * form shows it as 'Not sure', and it stays absent until the person picks a value.
 */
function keepAbsent(before: FlagDraft, next: FlagDraft): FlagDraft {
  const kept: FlagDraft = { ...next };
  if (before.access === undefined && next.access === null) delete kept.access;
  if (before.fee === undefined && next.fee === null) delete kept.fee;
  return kept;
}

/** 'Suggest changes here:': the listing as the person thinks it should be. */
export function SuggestChangesDialog({ value, onChange, problem, focusField = null, ...form }: SuggestChangesDialogProps) {
  const t = useT();
  const id = useId();
  const closed = value.is_closed;
  // Shared's check and the server both give a code: the words come in the active language.
  const fieldProblem = (key: string) => (problem?.field === key ? serverMessage(problem) : null);
  const knownFields: readonly string[] = [...LISTING_TEXT_FIELDS.map((f) => f.key), 'other'];
  // The server names a range (`hours.2.close`); the device's own check names the editor (`hours`).
  const hoursProblem = problem && value.suggestHours && problem.field.startsWith(FLAG_HOURS_FIELD) ? serverMessage(problem) : null;
  const generalProblem = problem && !knownFields.includes(problem.field) && !hoursProblem ? serverMessage(problem) : null;

  return (
    <FormDialog title={t('suggest.title')} submitLabel={t('suggest.submit')} problem={generalProblem} {...form}>
      {/* A closed place needs no corrections: one disabled fieldset takes every other control out. */}
      <fieldset className="plain-fieldset suggest-changes__fields" disabled={closed}>
        <ListingTextFields idPrefix={id} value={value} onChange={onChange} problemFor={fieldProblem} />
        <TextField
          id={`${id}-other`}
          label={t('suggest.other')}
          rows={3}
          value={value.other}
          maxLength={FLAG_OTHER_MAX_LENGTH}
          problem={fieldProblem('other')}
          onChange={(other) => onChange({ ...value, other })}
        />
        <ListingChoices
          value={{ ...value, access: value.access ?? null, fee: value.fee ?? null }}
          onChange={(next) => onChange(keepAbsent(value, next))}
          focusField={closed ? null : focusField}
        />
        {/* Off, the suggestion leaves the hours as they are; on, the add form's editor opens on the listing's hours. */}
        <label className="checkbox">
          <input type="checkbox" checked={value.suggestHours} onChange={(event) => onChange({ ...value, suggestHours: event.target.checked })} />
          {t('suggest.hours')}
        </label>
        {value.suggestHours && <HoursEditor value={value.hours} onChange={(hours) => onChange({ ...value, hours })} problem={hoursProblem} />}
      </fieldset>
      <label className="checkbox checkbox--closed">
        <input type="checkbox" checked={closed} onChange={(event) => onChange({ ...value, is_closed: event.target.checked })} />
        {t('suggest.closed')}
      </label>
    </FormDialog>
  );
}

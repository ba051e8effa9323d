import { useId, useState } from 'react';
import { CheckboxList } from '../../components/checkbox-list';
import { FormDialog } from '../../components/form-dialog';
import { BATHROOMS_FILTER_KEYS, NO_FILTERS, type BathroomsFilters } from './bathrooms-filters';
import { bathroomsFilterLabel } from './bathrooms-filter-labels';

const FILTER_BOXES = BATHROOMS_FILTER_KEYS.map((key) => ({ key, label: bathroomsFilterLabel(key) }));

interface FiltersDialogProps {
  filters: BathroomsFilters;
  onApply: (filters: BathroomsFilters) => void;
  onCancel: () => void;
}

/**
 * The five filters as checkboxes, and the 'Include unknown' switch that loosens two of them;
 * nothing changes on the page until Apply.
 */
export function FiltersDialog({ filters, onApply, onCancel }: FiltersDialogProps) {
  const [draft, setDraft] = useState(filters);
  const hintId = useId();
  return (
    <FormDialog title="Filters" submitLabel="Apply" busy={false} onSubmit={() => onApply(draft)} onCancel={onCancel}>
      <fieldset className="plain-fieldset">
        <legend className="filters-dialog__legend">Show only restrooms that are:</legend>
        <CheckboxList boxes={FILTER_BOXES} value={draft} onChange={setDraft} />
      </fieldset>
      <div className="filters-dialog__unknown">
        <label className="checkbox filters-dialog__switch">
          <input
            type="checkbox"
            role="switch"
            checked={draft.include_unknown}
            aria-describedby={hintId}
            onChange={(event) => setDraft({ ...draft, include_unknown: event.target.checked })}
          />
          Include unknown
        </label>
        <p id={hintId} className="filters-dialog__hint">
          Gender-neutral and Single stall also show restrooms nobody has told us about yet.
        </p>
      </div>
      <button type="button" className="button button--quiet button--small filters-dialog__clear" onClick={() => setDraft(NO_FILTERS)}>
        Clear all
      </button>
    </FormDialog>
  );
}

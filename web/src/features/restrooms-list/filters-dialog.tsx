import { useState } from 'react';
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

/** The five filters as checkboxes; nothing changes on the page until Apply. */
export function FiltersDialog({ filters, onApply, onCancel }: FiltersDialogProps) {
  const [draft, setDraft] = useState(filters);
  return (
    <FormDialog title="Filters" submitLabel="Apply" busy={false} onSubmit={() => onApply(draft)} onCancel={onCancel}>
      <fieldset className="plain-fieldset">
        <legend className="filters-dialog__legend">Show only restrooms that are:</legend>
        <CheckboxList boxes={FILTER_BOXES} value={draft} onChange={setDraft} />
      </fieldset>
      <button type="button" className="button button--quiet button--small filters-dialog__clear" onClick={() => setDraft(NO_FILTERS)}>
        Clear all
      </button>
    </FormDialog>
  );
}

import { useId, useState } from 'react';
import { AmenityLegend } from './amenity-legend';
import { CheckboxList } from '@/components/checkbox-list';
import { FormDialog } from '@/components/form-dialog';
import { BATHROOMS_FILTER_KEYS, NO_FILTERS, type BathroomsFilters } from './bathrooms-filters';
import { bathroomsFilterLabelId } from './bathrooms-filter-labels';
import { useT } from '@/lib/i18n/use-t';

export interface FiltersDialogProps {
  filters: BathroomsFilters;
  onApply: (filters: BathroomsFilters) => void;
  onCancel: () => void;
}

/**
 * The seven filters as checkboxes, and the 'Include unknown' switch that loosens four of them;
 * nothing changes on the page until Apply. Under them, what the rows' icons mean: the filters name
 * the same amenities, so this is where people look for it.
 */
export function FiltersDialog({ filters, onApply, onCancel }: FiltersDialogProps) {
  const t = useT();
  const [draft, setDraft] = useState(filters);
  const hintId = useId();
  const legendTitleId = useId();
  const boxes = BATHROOMS_FILTER_KEYS.map((key) => ({ key, label: t(bathroomsFilterLabelId(key)) }));
  return (
    <FormDialog title={t('filters.title')} submitLabel={t('filters.apply')} busy={false} onSubmit={() => onApply(draft)} onCancel={onCancel}>
      <fieldset className="plain-fieldset">
        <legend className="filters-dialog__legend">{t('filters.legend')}</legend>
        <CheckboxList boxes={boxes} value={draft} onChange={setDraft} />
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
          {t('filters.includeUnknown')}
        </label>
        <p id={hintId} className="filters-dialog__hint">
          {t('filters.unknownHint')}
        </p>
      </div>
      <button type="button" className="button button--quiet button--small filters-dialog__clear" onClick={() => setDraft(NO_FILTERS)}>
        {t('filters.clearAll')}
      </button>
      <details className="filters-dialog__icons">
        <summary id={legendTitleId}>{t('amenity.legendTitle')}</summary>
        <p className="filters-dialog__hint">{t('amenity.legendIntro')}</p>
        <AmenityLegend captionId={legendTitleId} />
      </details>
    </FormDialog>
  );
}

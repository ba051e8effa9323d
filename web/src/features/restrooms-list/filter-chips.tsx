import { CloseIcon } from '@/components/icons';
import { useFocusRescue, type FocusFallback } from '@/hooks/use-focus-rescue';
import { activeFilterKeys, type BathroomsFilterKey, type BathroomsFilters } from './bathrooms-filters';
import { bathroomsFilterLabelId } from './bathrooms-filter-labels';
import { useT } from '@/lib/i18n/use-t';

interface FilterChipsProps {
  filters: BathroomsFilters;
  onChange: (filters: BathroomsFilters) => void;
  /** Where focus goes when the last chip is removed: the Filters button. */
  returnFocusTo: FocusFallback;
}

/** The active filters above the results, each removable on its own. */
export function FilterChips({ filters, onChange, returnFocusTo }: FilterChipsProps) {
  const t = useT();
  const active = activeFilterKeys(filters);
  if (active.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label={t('filters.active')}>
      {active.map((key) => (
        <li key={key}>
          <FilterChip filterKey={key} onRemove={() => onChange({ ...filters, [key]: false })} returnFocusTo={returnFocusTo} />
        </li>
      ))}
    </ul>
  );
}

function FilterChip({ filterKey, onRemove, returnFocusTo }: { filterKey: BathroomsFilterKey; onRemove: () => void; returnFocusTo: FocusFallback }) {
  const t = useT();
  const label = t(bathroomsFilterLabelId(filterKey));
  // The removed chip's button goes with it: focus moves to a chip that stays, or to the Filters button.
  const rescueFocus = useFocusRescue(() => {
    const others = Array.from(document.querySelectorAll<HTMLElement>('.filter-chip')).filter((chip) => chip !== document.activeElement);
    return others[0] ?? returnFocusTo();
  });
  return (
    <button ref={rescueFocus} type="button" className="filter-chip" aria-label={t('filters.remove', { label })} onClick={onRemove}>
      {label}
      <CloseIcon size={16} />
    </button>
  );
}

import type { Suggestion } from '../lib/search/address-suggestions';
import { useT } from '../lib/i18n/use-t';

interface SuggestionListProps {
  id: string;
  options: readonly Suggestion[];
  activeIndex: number;
  hidden: boolean;
  onPick: (option: Suggestion) => void;
}

/**
 * The combobox's listbox. Focus stays in the field (aria-activedescendant names the active row), so
 * a press on a row must not take focus: that blur would close the list, and commit the typed text,
 * before the click lands.
 */
export function SuggestionList({ id, options, activeIndex, hidden, onPick }: SuggestionListProps) {
  const t = useT();
  return (
    <ul id={id} role="listbox" aria-label={t('search.suggestions')} className="address-combobox__list" hidden={hidden}>
      {options.map((option, index) => (
        <li
          key={option.key}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === activeIndex}
          className={`address-combobox__option address-combobox__option--${option.kind}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option)}
        >
          <span className="address-combobox__option-name">{option.name}</span>
          {option.detail !== '' && <span className="address-combobox__option-detail">{option.detail}</span>}
        </li>
      ))}
    </ul>
  );
}

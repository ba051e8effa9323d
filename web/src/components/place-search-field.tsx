import { useId, useState, type ReactNode } from 'react';

interface PlaceSearchFieldProps<T> {
  id: string;
  label: string;
  /** The label stays for screen readers but is not drawn (the placeholder says what to type). */
  labelHidden?: boolean;
  placeholder: string;
  value: string;
  maxLength: number;
  /** Every keystroke: the owner keeps the text and asks for suggestions for it. */
  onChange: (text: string) => void;
  /** Suggestions for the text as typed; the list opens when there are some after typing. */
  options: readonly T[];
  optionKey: (option: T) => string;
  /** One suggestion as the list shows it; its text is also its name for screen readers. */
  renderOption: (option: T) => ReactNode;
  /** A suggestion was picked (click, tap, or Enter on the highlighted one). */
  onChoose: (option: T) => void;
}

/**
 * A text field with a list of suggestions under it, as the ARIA 1.2 combobox pattern describes:
 * arrow keys move through the list while focus stays in the field, Enter picks the highlighted one
 * (or, with none highlighted, submits the field's form as usual), Escape closes the list. The owner
 * fetches the suggestions (see usePlaceSuggestions), so this holds no network logic.
 */
export function PlaceSearchField<T>(props: PlaceSearchFieldProps<T>) {
  const { id, label, labelHidden = false, placeholder, value, maxLength, onChange, options, optionKey, renderOption, onChoose } = props;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && options.length > 0;
  const activeIndex = expanded && active < options.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: T) => {
    close();
    onChoose(option);
  };

  /** Down from the field goes to the first suggestion, up to the last; both wrap around. */
  const move = (step: 1 | -1) => {
    const count = options.length;
    if (count === 0) return;
    const from = expanded ? activeIndex : -1;
    setOpen(true);
    setActive(step === 1 ? (from + 1) % count : from <= 0 ? count - 1 : from - 1);
  };

  return (
    <div className="field place-search">
      <label htmlFor={id} className={labelHidden ? 'sr-only' : undefined}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            move(event.key === 'ArrowDown' ? 1 : -1);
          } else if (event.key === 'Enter') {
            const option = activeIndex >= 0 ? options[activeIndex] : undefined;
            // With nothing highlighted, Enter goes on to submit the form: the list has had its say.
            if (option === undefined) return close();
            event.preventDefault();
            choose(option);
          } else if (event.key === 'Escape' && expanded) {
            // Only the list closes; a dialog around the field stays open.
            event.preventDefault();
            event.stopPropagation();
            close();
          }
        }}
        onBlur={close}
      />
      <ul id={listId} role="listbox" aria-label={label} className="place-search__options" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={optionKey(option)}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className="place-search__option"
            // Keeps focus in the field, so the click lands before a blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {renderOption(option)}
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status">
        {expanded ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrow keys to choose.` : ''}
      </p>
    </div>
  );
}

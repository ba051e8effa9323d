import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** How long typing must pause before suggestions are asked for (spec §9: 300 ms). */
export const SUGGEST_DEBOUNCE_MS = 300;

interface PlaceSearchFieldProps<T> {
  id: string;
  label: string;
  /** The label stays for screen readers but is not drawn (the placeholder says what to type). */
  labelHidden?: boolean;
  placeholder: string;
  value: string;
  maxLength: number;
  /** Every keystroke; the owner keeps the text. */
  onChange: (text: string) => void;
  /**
   * Suggestions for what was typed, asked for once typing pauses; the previous request is aborted.
   * A failure just shows none: the field still works as a plain text box.
   */
  suggest: (text: string, signal: AbortSignal) => Promise<readonly T[]>;
  optionKey: (option: T) => string;
  /** One suggestion as the list shows it; its text is also its name for screen readers. */
  renderOption: (option: T) => ReactNode;
  /** A suggestion was picked (click, tap, or Enter on the highlighted one). */
  onChoose: (option: T) => void;
}

/**
 * A text field with a list of suggestions under it, as the ARIA combobox pattern describes: arrow
 * keys move through the list while focus stays in the field, Enter picks the highlighted one (or,
 * with none highlighted, submits the field's form), Escape closes the list. Suggestions come only
 * from typing, not from text the owner sets (a chosen place's address), so choosing does not reopen it.
 */
export function PlaceSearchField<T>(props: PlaceSearchFieldProps<T>) {
  const { id, label, labelHidden = false, placeholder, value, maxLength, onChange, optionKey, renderOption, onChoose } = props;
  const listId = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const [options, setOptions] = useState<readonly T[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The latest function, without re-running the request effect each time the owner renders.
  const suggest = useRef(props.suggest);
  useEffect(() => {
    suggest.current = props.suggest;
  });

  useEffect(() => {
    if (typed === null || typed.trim() === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest.current(typed.trim(), controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setOptions(found);
          setActive(-1);
          setOpen(found.length > 0);
        },
        () => {
          if (!controller.signal.aborted) setOpen(false);
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);

  const choose = (option: T) => {
    setTyped(null);
    setOpen(false);
    setActive(-1);
    onChoose(option);
  };

  /** Down from the field goes to the first suggestion, up to the last; both wrap around. */
  const move = (step: 1 | -1) => {
    const count = options.length;
    if (count === 0) return;
    setOpen(true);
    setActive((current) => (step === 1 ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
  };

  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

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
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(event) => {
          const text = event.target.value;
          onChange(text);
          setTyped(text);
          // Nothing typed, nothing to suggest; stale suggestions for earlier text go too.
          if (text.trim() === '') {
            setOptions([]);
            setOpen(false);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            move(event.key === 'ArrowDown' ? 1 : -1);
          } else if (event.key === 'Enter' && expanded && active >= 0) {
            event.preventDefault();
            const option = options[active];
            if (option !== undefined) choose(option);
          } else if (event.key === 'Escape' && expanded) {
            // Only the list closes; a dialog around the field stays open.
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
            setActive(-1);
          }
        }}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={label} className="place-search__options" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={optionKey(option)}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
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

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ADDRESS_QUERY_MAX_LENGTH } from '@allstall/shared';
import { CloseIcon } from './icons';
import { SuggestionList } from './suggestion-list';
import { suggestionCountText, type Suggestion } from '../lib/search/address-suggestions';
import { useT } from '../lib/i18n/use-t';

interface AddressComboboxProps {
  /** The field's name for screen readers; on screen the placeholder says what to type. */
  label: string;
  placeholder: string;
  value: string;
  /** Every keystroke: the owner keeps the text and asks for suggestions for it. */
  onType: (text: string) => void;
  /** Rows for the text as typed; the list opens when there are some after typing. */
  options: readonly Suggestion[];
  /** The rows answer the text as it is now, so their count is worth saying (not a keystroke-old one). */
  answered: boolean;
  /** A row was picked: click, tap, or Enter on the highlighted one. */
  onPick: (option: Suggestion) => void;
  /**
   * Typed text left without a pick, by Enter or by leaving the field. Enter is not held back, so a
   * form around the field submits as usual.
   */
  onCommit?: () => void;
  /** Given, a 'Clear address' button shows while the field has text. */
  onClear?: () => void;
  /** Long work on the field's text is under way (a lookup), for screen readers. */
  busy?: boolean;
}

/**
 * An address field with suggestions under it, as the ARIA 1.2 combobox pattern describes: arrow
 * keys move through the list (wrapping round) while focus stays in the field, Enter picks the
 * highlighted row, Escape closes only the list, and a live line says how many rows there are. The
 * owner fetches the rows (see usePlaceSuggestions), so this holds no network logic.
 */
export function AddressCombobox(props: AddressComboboxProps) {
  const { label, placeholder, value, onType, options, answered, onPick, onCommit, onClear, busy = false } = props;
  const t = useT();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && options.length > 0;
  const activeIndex = expanded && active < options.length ? active : -1;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (option: Suggestion) => {
    close();
    onPick(option);
  };

  /** Down from the field goes to the first row, up to the last. */
  const move = (step: 1 | -1) => {
    const count = options.length;
    if (count === 0) return;
    const from = expanded ? activeIndex : -1;
    setOpen(true);
    setActive(step === 1 ? (from + 1) % count : from <= 0 ? count - 1 : from - 1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      const option = activeIndex >= 0 ? options[activeIndex] : undefined;
      if (option) {
        event.preventDefault();
        pick(option);
      } else {
        close();
        onCommit?.();
      }
    } else if (event.key === 'Escape' && expanded) {
      // Only the list closes; a dialog around the field stays open.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const clearable = onClear !== undefined;
  return (
    <div className="address-combobox">
      <label className="sr-only" htmlFor={inputId}>
        {label}
      </label>
      <div className={clearable ? 'address-combobox__field address-combobox__field--clearable' : 'address-combobox__field'}>
        <input
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-busy={busy || undefined}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={ADDRESS_QUERY_MAX_LENGTH}
          value={value}
          onChange={(event) => {
            onType(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onCommit?.();
          }}
        />
        {clearable && value !== '' && (
          <button
            type="button"
            className="icon-button address-combobox__clear"
            aria-label={t('search.clear')}
            // Keeps focus in the field, so clearing does not first commit the text it clears.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              close();
              onClear();
              input.current?.focus();
            }}
          >
            <CloseIcon size={20} />
          </button>
        )}
      </div>
      <SuggestionList id={listId} options={options} activeIndex={activeIndex} hidden={!expanded} onPick={pick} />
      <p className="sr-only" role="status">
        {open && answered && value.trim() !== '' ? suggestionCountText(t, options.length) : ''}
      </p>
    </div>
  );
}

import { useId } from 'react';

export interface RadioChoice<T> {
  value: T;
  label: string;
}

interface RadioGroupProps<T> {
  /** The group's name, said by screen readers with each choice (the fieldset's legend). */
  legend: string;
  choices: ReadonlyArray<RadioChoice<T>>;
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  /**
   * Focus the group's first choice when the dialog around it opens (ModalDialog looks for
   * data-autofocus): 'Know this? Tell us' lands on the field the person came to fill in.
   */
  autoFocus?: boolean;
}

/**
 * Native radios in a fieldset: the browser gives them arrow keys, one tab stop and their group's
 * name for screen readers. Values need not be strings (true, false and null here), so each radio
 * carries its position and the change hands back the choice's own value.
 */
export function RadioGroup<T>({ legend, choices, value, onChange, disabled = false, autoFocus = false }: RadioGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="radio-group" disabled={disabled}>
      <legend className="radio-group__legend">{legend}</legend>
      <div className="radio-group__choices">
        {choices.map((choice, index) => (
          <label key={choice.label} className="radio-group__choice">
            <input
              type="radio"
              name={name}
              value={String(index)}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              {...(autoFocus && index === 0 ? { 'data-autofocus': true } : {})}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

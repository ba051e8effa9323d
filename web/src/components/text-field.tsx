interface TextFieldProps {
  id: string;
  label: string;
  /** The label stays for screen readers but is not drawn (a placeholder already says what to write). */
  labelHidden?: boolean;
  /** Marked with an asterisk after the label ("Name*"), and announced as required. */
  required?: boolean;
  value: string;
  maxLength: number;
  /** Given for a multiline field. */
  rows?: number;
  placeholder?: string;
  /** A line under the label that stays while the person types (who will see the text, say); read with the field. */
  hint?: string | undefined;
  problem?: string | null;
  onChange: (text: string) => void;
}

/** A labelled text input, or a textarea when `rows` is given, with its problem tied to it for screen readers. */
export function TextField({ id, label, labelHidden = false, required = false, value, maxLength, rows, placeholder, hint, problem, onChange }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter((part) => part !== null).join(' ');
  const control = {
    id,
    'aria-required': required || undefined,
    value,
    maxLength,
    placeholder,
    autoComplete: 'off',
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={id} className={labelHidden ? 'sr-only' : undefined}>
        {label}
        {required && <span aria-hidden="true">*</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {rows ? (
        <textarea {...control} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...control} onChange={(event) => onChange(event.target.value)} />
      )}
      {problem && (
        <p id={`${id}-problem`} className="field__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

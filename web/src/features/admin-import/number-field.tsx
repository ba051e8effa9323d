interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  min: number;
  max?: number;
  problem: string | null;
  onChange: (text: string) => void;
}

/** A labelled whole-number input whose problem is tied to it for screen readers. */
export function NumberField({ id, label, value, min, max, problem, onChange }: NumberFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p id={`${id}-problem`} className="field__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

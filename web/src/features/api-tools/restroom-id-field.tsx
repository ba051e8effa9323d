import type { RestroomChoice } from './use-restroom-choices';

interface RestroomIdFieldProps {
  id: string;
  label: string;
  value: string;
  /** The id of the datalist of restrooms to pick from. */
  listId: string;
  choices: readonly RestroomChoice[];
  problem: string | null;
  onChange: (text: string) => void;
}

/** A restroom id, typed or picked by name from the restrooms on this device; the picked restroom is named under it. */
export function RestroomIdField({ id, label, value, listId, choices, problem, onChange }: RestroomIdFieldProps) {
  const picked = choices.find((choice) => choice.id === value.trim().toLowerCase());
  const describedBy = [picked && `${id}-picked`, problem && `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {picked && (
        <p id={`${id}-picked`} className="field__hint">
          {picked.name}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="field__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

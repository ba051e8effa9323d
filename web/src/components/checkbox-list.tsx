interface CheckboxListProps<K extends string, T extends Record<K, boolean>> {
  /** One checkbox per yes/no field, in the order shown, named by its label. */
  boxes: ReadonlyArray<{ key: K; label: string }>;
  value: T;
  onChange: (value: T) => void;
}

/** Checkboxes for a draft's yes/no fields: ticking one hands back the draft with that field changed. */
export function CheckboxList<K extends string, T extends Record<K, boolean>>({ boxes, value, onChange }: CheckboxListProps<K, T>) {
  return (
    <div className="checkbox-list">
      {boxes.map(({ key, label }) => (
        <label key={key} className="checkbox">
          <input type="checkbox" checked={value[key]} onChange={(event) => onChange({ ...value, [key]: event.target.checked })} />
          {label}
        </label>
      ))}
    </div>
  );
}

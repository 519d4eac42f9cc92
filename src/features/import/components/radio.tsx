/** A radio button with its words after it. */
export function Radio({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="form__radio">
      <input type="radio" name={name} checked={checked} onChange={onChange} /> {label}
    </label>
  );
}

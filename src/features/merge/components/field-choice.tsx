import type { ClientFields } from '#contract/api';
import { shownValue } from '../../clients/utils/client-fields.ts';

type FieldChoiceProps = {
  field: keyof ClientFields;
  label: string;
  kept: ClientFields;
  other: ClientFields;
  choice: 'kept' | 'other';
  onChoose: (source: 'kept' | 'other') => void;
};

/** One field: both values as radio buttons, each named by its value; a value both clients share needs no choice. */
export function FieldChoice({ field, label, kept, other, choice, onChoose }: FieldChoiceProps) {
  const values = { kept: kept[field], other: other[field] };
  const shown = { kept: shownValue(field, values.kept), other: shownValue(field, values.other) };
  // Two registrations within the same minute read alike as the list shows them: then they are shown in full.
  if (shown.kept === shown.other && values.kept !== values.other) Object.assign(shown, values);
  return (
    <fieldset className="form__fieldset merge-form__field">
      <legend>{label}</legend>
      {values.kept === values.other ? (
        <p className="merge-form__same">
          {shown.kept} <span className="merge-form__note">(the same for both)</span>
        </p>
      ) : (
        (['kept', 'other'] as const).map((source) => (
          <label key={source} className="form__radio">
            <input type="radio" name={field} value={source} checked={choice === source} onChange={() => onChoose(source)} />
            {shown[source]}
          </label>
        ))
      )}
    </fieldset>
  );
}

import type { DateForm } from '../utils/dates.ts';
import { Radio } from './radio.tsx';

const DATE_FORMS: Record<DateForm, string> = {
  iso: 'Year first: 2024-12-31',
  'day-first': 'Day first: 31/12/2024',
  'month-first': 'Month first: 12/31/2024',
};

type DateFormQuestionProps = { forms: readonly DateForm[]; value: DateForm; onChange: (form: DateForm) => void };

/** Asked only when the file's dates fit more than one form (01/02/2024: January or February?). */
export function DateFormQuestion({ forms, value, onChange }: DateFormQuestionProps) {
  return (
    <fieldset className="form__fieldset">
      <legend>How are the dates written?</legend>
      {forms.map((form) => (
        <Radio key={form} name="import-date-form" checked={value === form} onChange={() => onChange(form)} label={DATE_FORMS[form]} />
      ))}
    </fieldset>
  );
}

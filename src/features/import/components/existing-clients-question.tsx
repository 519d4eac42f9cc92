import type { ExistingClients } from '#contract/import';
import { Radio } from './radio.tsx';

/** "Clients already in the list": skip them or update them. */
export function ExistingClientsQuestion({ value, onChange }: { value: ExistingClients; onChange: (existing: ExistingClients) => void }) {
  return (
    <fieldset className="form__fieldset">
      <legend>Clients already in the list</legend>
      <Radio name="import-existing" checked={value === 'skip'} onChange={() => onChange('skip')} label="Skip them" />
      <Radio name="import-existing" checked={value === 'update'} onChange={() => onChange('update')} label="Update them" />
    </fieldset>
  );
}

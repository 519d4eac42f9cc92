import type { Client } from '#contract/api';
import { clientName } from '../../clients/utils/client-notices.ts';
import { useClientCombobox } from '../hooks/use-client-combobox.ts';
import './booking.css';

type BookingClientComboboxProps = {
  id: string;
  clients: readonly Client[];
  /** The chosen client's id; '' when none. */
  value: string;
  onChange: (clientId: string) => void;
  error?: string;
};

/** "Client": type part of a name or email, then choose from the list (by mouse, or Up, Down and Enter). */
export function BookingClientCombobox({ id, clients, value, onChange, error }: BookingClientComboboxProps) {
  const combobox = useClientCombobox(clients, value, onChange);
  const { listboxId, shown, matches, active, optionId } = combobox;
  return (
    <div className="form__field booking-combobox">
      <label htmlFor={id}>Client</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listboxId}
        aria-activedescendant={shown ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={combobox.typed}
        onChange={(event) => combobox.type(event.target.value)}
        onKeyDown={combobox.onKeyDown}
        onBlur={combobox.close}
      />
      <ul id={listboxId} role="listbox" aria-label="Clients" className="booking-combobox__list" hidden={!shown}>
        {shown &&
          matches.map((client, index) => (
            <li
              key={client._id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="booking-combobox__option"
              // Before the field's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => combobox.choose(client)}
            >
              {clientName(client)} <span className="booking-combobox__email">{client.email}</span>
            </li>
          ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </div>
  );
}

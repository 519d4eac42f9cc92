import { useEffect, useRef, useState } from 'react';
import { formatPrice, type Service } from '#contract/book';
import { useEditService } from '../api/services.ts';
import { ServiceForm } from './services-form.tsx';
import { RemoveService } from './services-remove.tsx';

type ServiceRowProps = {
  service: Service;
  currency: string;
  columns: number;
  /** Told what the row did: "Hair colour is saved." */
  onDone: (done: string) => void;
};

/** One service: its name, duration and price; "Edit" opens its form in the row; "Remove". */
export function ServiceRow({ service, currency, columns, onDone }: ServiceRowProps) {
  const edit = useEditService(service.id);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closedEditor = useRef(false);
  // Back from the form (Save, Cancel), the keyboard is where it was: on the row's Edit.
  useEffect(() => {
    if (!editing && closedEditor.current) editButton.current?.focus();
  }, [editing]);
  const close = () => {
    closedEditor.current = true;
    setEditing(false);
  };
  const { name } = service;

  if (editing) {
    return (
      <tr>
        <td colSpan={columns} className="services-table__editor">
          <ServiceForm
            currency={currency}
            service={service}
            label={`Edit ${name}`}
            submitLabel="Save"
            failed={`Could not save ${name}`}
            save={edit}
            onSaved={(saved) => {
              close();
              onDone(`${saved.name} is saved.`);
            }}
            onCancel={close}
          />
        </td>
      </tr>
    );
  }
  return (
    <tr>
      <th scope="row" data-label="Name">
        {name}
      </th>
      <td data-label="Duration">{service.durationMinutes} min</td>
      <td data-label="Price">{service.price === null ? '—' : formatPrice(service.price, currency)}</td>
      <td className="services-table__actions">
        <div className="services-table__buttons">
          <button
            ref={editButton}
            type="button"
            className="button button--small"
            aria-label={`Edit ${name}`}
            onClick={() => {
              edit.reset();
              setEditing(true);
            }}
          >
            Edit
          </button>
          <RemoveService service={service} onRemoved={() => onDone(`${name} is removed.`)} />
        </div>
      </td>
    </tr>
  );
}

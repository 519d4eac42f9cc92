import { useRouter } from '@tanstack/react-router';
import type { Client } from '../../../../contract/api';
import { formatRegistrationTime } from '../utils/date-time';

type ClientsTableProps = {
  clients: readonly Client[];
  /** Shown in place of rows when the list is empty; none after a failed load (SPEC.md section 8). */
  emptyMessage?: string;
};

/** The client table of SPEC.md section 2: four columns and an Edit button per row. */
export function ClientsTable({ clients, emptyMessage }: ClientsTableProps) {
  const router = useRouter();
  const editLocation = (clientId: string) => ({ to: '/clients/edit/$clientId', params: { clientId } }) as const;

  return (
    <div className="table-scroll">
      <table className="clients-table">
        <thead>
          <tr>
            <th scope="col">First Name</th>
            <th scope="col">Last Name</th>
            <th scope="col">Email</th>
            <th scope="col">Registration Time</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {clients.length === 0 && emptyMessage ? (
            <tr>
              <td colSpan={5} className="clients-table__empty">
                {emptyMessage}
              </td>
            </tr>
          ) : (
            clients.map((client) => {
              const nameId = `client-${client._id}-name`;
              return (
                <tr key={client._id}>
                  <td id={nameId}>{client.firstName}</td>
                  <td>{client.lastName}</td>
                  <td className="clients-table__email">{client.email}</td>
                  <td>
                    <time dateTime={client.registrationDateTime}>{formatRegistrationTime(client.registrationDateTime)}</time>
                  </td>
                  <td className="clients-table__action">
                    <button
                      type="button"
                      className="button button--small"
                      aria-describedby={nameId}
                      // Like a link: the edit page's data starts loading on hover or focus.
                      onMouseEnter={() => void router.preloadRoute(editLocation(client._id))}
                      onFocus={() => void router.preloadRoute(editLocation(client._id))}
                      onClick={() => void router.navigate(editLocation(client._id))}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

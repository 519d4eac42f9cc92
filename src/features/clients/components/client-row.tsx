import { useRouter } from '@tanstack/react-router';
import { memo } from 'react';
import type { Client } from '#contract/api';
import { useChangedJustNow } from '../api/colleague-changes.ts';
import { formatRegistrationTime } from '../utils/date-time.ts';
import type { WaitingMark } from '../utils/waiting-rows.ts';

type ClientRowProps = {
  client: Client;
  index: number;
  mark?: WaitingMark;
};

/** One client of the table; memoised so that scrolling renders only the rows that come into view. */
export const ClientRow = memo(function ClientRow({ client, index, mark }: ClientRowProps) {
  const router = useRouter();
  const nameId = `client-${client._id}-name`;
  const editLocation = { to: '/clients/edit/$clientId', params: { clientId: client._id } } as const;
  // Like a link: the edit page's data starts loading on hover or focus.
  const preload = () => void router.preloadRoute(editLocation);
  // A colleague's change just arrived (live updates): the row flashes, or is outlined without motion.
  const changed = useChangedJustNow(client._id);

  return (
    <tr aria-rowindex={index + 2} className={changed ? 'clients-table__row--changed' : undefined}>
      <td id={nameId}>{client.firstName}</td>
      <td>{client.lastName}</td>
      <td className="clients-table__email">{client.email}</td>
      <td>
        <time dateTime={client.registrationDateTime}>{formatRegistrationTime(client.registrationDateTime)}</time>
      </td>
      <td className="clients-table__action">
        {mark && <span className="clients-table__waiting">{mark.label}</span>}
        {(!mark || mark.canEdit) && (
          <button
            type="button"
            className="button button--small"
            aria-describedby={nameId}
            onMouseEnter={preload}
            onFocus={preload}
            onClick={() => void router.navigate(editLocation)}
          >
            Edit
          </button>
        )}
      </td>
    </tr>
  );
});

import type { QueryClient } from '@tanstack/react-query';
import type { Client } from '#contract/api';
import { showNotice } from '../../../components/notices.tsx';
import { restoreClient } from '../api/restore-client.ts';

/** "Ann Hart", as the notices name a client. */
export function clientName(client: Pick<Client, 'firstName' | 'lastName'>): string {
  return `${client.firstName} ${client.lastName}`;
}

/** "Client restored: Ann Hart." after a restore, from Undo or from "Recently deleted". */
export function noticeRestored(client: Client): void {
  showNotice({ text: `Client restored: ${clientName(client)}.` });
}

/** "Client deleted: Ann Hart." with Undo, which restores the client from wherever the user is by then. */
export function noticeDeleted(queryClient: QueryClient, client: Client): void {
  showNotice({
    text: `Client deleted: ${clientName(client)}.`,
    action: {
      label: 'Undo',
      run: () =>
        void restoreClient(queryClient, client._id).then(
          (restored) => noticeRestored(restored.client),
          () => showNotice({ text: `Could not restore ${clientName(client)}. It is in Recently deleted.` }),
        ),
    },
  });
}

export function noticeErased(client: Pick<Client, 'firstName' | 'lastName'>): void {
  showNotice({ text: `Client erased: ${clientName(client)}.` });
}

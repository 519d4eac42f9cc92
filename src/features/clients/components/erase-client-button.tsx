import { useState } from 'react';
import type { Client } from '#contract/api';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useEraseClient } from '../api/erase-client.ts';
import { clientName, noticeErased } from '../utils/client-notices.ts';

/**
 * "Erase permanently" and its question, for a live or a deleted client: Erase removes the client, its history and
 * any deleted copy (GDPR article 17), then `onErased` (the edit page goes to the list) and the notice.
 *
 * An owner's (issue 28): without `owner` (staff, or the role not known yet) neither the button nor its question show,
 * but a failure's message does, so that a 403 that made the account staff still says why where the button was.
 */
export function EraseClientButton({ client, owner, onErased }: { client: Client; owner: boolean; onErased?: () => void }) {
  const [asking, setAsking] = useState(false);
  const erase = useEraseClient();
  return (
    <>
      {owner && (
        <button type="button" className="button button--danger button--small" aria-expanded={asking} onClick={() => setAsking(true)}>
          Erase permanently
        </button>
      )}
      {owner && asking && (
        <ConfirmDialog
          question={`Erase all data of ${clientName(client)}? This cannot be undone.`}
          confirmLabel="Erase"
          cancelLabel="Cancel"
          danger
          pending={erase.isPending}
          onConfirm={() =>
            erase.mutate(client._id, {
              onSuccess: () => {
                setAsking(false);
                onErased?.();
                noticeErased(client);
              },
            })
          }
          onCancel={() => setAsking(false)}
        />
      )}
      <ActionFailure error={erase.error} failed={`Could not erase ${clientName(client)}`} />
    </>
  );
}

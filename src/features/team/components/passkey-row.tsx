import { useState } from 'react';
import type { Passkey } from '#contract/passkeys';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { useRemovePasskey } from '../api/account.ts';
import { formatWhen } from '../utils/team-texts.ts';

/** One passkey: its name, when it was added and last used, and "Remove", which asks first. */
export function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => void }) {
  const remove = useRemovePasskey();
  const [asking, setAsking] = useState(false);
  return (
    <tr>
      <th scope="row" data-label="Name">
        {passkey.name}
      </th>
      <td data-label="Added">{formatWhen(passkey.createdAt)}</td>
      <td data-label="Last used">{formatWhen(passkey.lastUsedAt)}</td>
      <td className="staff-table__actions">
        <div className="staff-actions">
          <button
            type="button"
            className="button button--small"
            aria-label={`Remove ${passkey.name}`}
            aria-expanded={asking}
            onClick={() => {
              remove.reset();
              setAsking(true);
            }}
          >
            Remove
          </button>
          {asking && (
            <ConfirmDialog
              question={`Do you really want to remove the passkey ${passkey.name}?`}
              confirmLabel="Yes"
              cancelLabel="No"
              danger
              pending={remove.isPending}
              onConfirm={() => {
                setAsking(false);
                remove.mutate(passkey.id, { onSuccess: onRemoved });
              }}
              onCancel={() => setAsking(false)}
            />
          )}
          <ActionFailure error={remove.error} failed={`Could not remove ${passkey.name}`} serverSays={isApiError} />
        </div>
      </td>
    </tr>
  );
}

import type { Passkey } from '#contract/passkeys';
import { RemoveAsking } from '../../../components/remove-asking.tsx';
import { useRemovePasskey } from '../api/account.ts';
import { formatWhen } from '../utils/team-texts.ts';

/** One passkey: its name, when it was added and last used, and "Remove", which asks first. */
export function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => void }) {
  const remove = useRemovePasskey();
  return (
    <tr>
      <th scope="row" data-label="Name">
        {passkey.name}
      </th>
      <td data-label="Added">{formatWhen(passkey.createdAt)}</td>
      <td data-label="Last used">{formatWhen(passkey.lastUsedAt)}</td>
      <td className="staff-table__actions">
        <div className="staff-actions">
          <RemoveAsking
            name={passkey.name}
            question={`Do you really want to remove the passkey ${passkey.name}?`}
            removal={remove}
            onConfirm={() => remove.mutate(passkey.id, { onSuccess: onRemoved })}
          />
        </div>
      </td>
    </tr>
  );
}

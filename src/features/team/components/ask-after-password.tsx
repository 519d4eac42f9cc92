import { useId } from 'react';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { useAskForPasskey } from '../api/account.ts';

/** "Ask for my passkey after my password": a checkbox that applies as it is ticked, and what it means now. */
export function AskAfterPassword({ on }: { on: boolean }) {
  const ask = useAskForPasskey();
  const noteId = useId();
  const checked = ask.isPending ? ask.variables : on;
  return (
    <div className="form__field account-section__setting">
      <label className="form__radio">
        <input
          type="checkbox"
          checked={checked}
          disabled={ask.isPending}
          aria-describedby={noteId}
          onChange={(event) => ask.mutate(event.target.checked)}
        />
        Ask for my passkey after my password
      </label>
      <p id={noteId} className="account-section__note">
        {on
          ? 'Your password alone no longer signs you in: after it, the browser asks for your passkey.'
          : 'Your password alone signs you in.'}
      </p>
      <ActionFailure error={ask.error} failed="Could not change the setting" serverSays={isApiError} />
    </div>
  );
}

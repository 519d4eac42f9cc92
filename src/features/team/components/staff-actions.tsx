import type { ReactNode } from 'react';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import type { StaffMemberActions } from '../hooks/use-staff-member-actions.ts';
import { SignInLinkBox } from './sign-in-link-box.tsx';

type StaffActionsProps = {
  username: string;
  /** The account is disabled: Enable instead of Disable. */
  disabled: boolean;
  actions: StaffMemberActions;
  /** More of the row's buttons and links, after its own: the working hours' page (issue 40). */
  children?: ReactNode;
};

/** A row's buttons (Disable / Enable, Reset password, Sign out everywhere), the question each asks, and what it did. */
export function StaffActions({ username, disabled, actions, children }: StaffActionsProps) {
  const { asking, pending } = actions;
  return (
    <div className="staff-actions">
      {disabled ? (
        <button type="button" className="button button--small" disabled={pending} onClick={actions.enable}>
          Enable
        </button>
      ) : (
        <button type="button" className="button button--small" aria-expanded={asking === 'disable'} onClick={() => actions.ask('disable')}>
          Disable
        </button>
      )}
      <button type="button" className="button button--small" aria-expanded={asking === 'reset'} onClick={() => actions.ask('reset')}>
        Reset password
      </button>
      <button type="button" className="button button--small" aria-expanded={asking === 'sign-out'} onClick={() => actions.ask('sign-out')}>
        Sign out everywhere
      </button>
      {children}
      {actions.question && (
        <ConfirmDialog
          question={actions.question}
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          pending={pending}
          onConfirm={actions.confirm}
          onCancel={actions.cancel}
        />
      )}
      {actions.link && <SignInLinkBox username={username} {...actions.link} />}
      <p className="staff-actions__result" role="status">
        {actions.done}
      </p>
      <ActionFailure error={actions.failure} failed={`Could not change ${username}`} serverSays={isApiError} />
    </div>
  );
}

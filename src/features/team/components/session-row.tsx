import type { AccountSession } from '#contract/team';
import { formatWhen } from '../utils/team-texts.ts';

/** "Chrome 142 on Android"; what the browser did not say is left out. */
export function describeSession({ browser, system }: AccountSession): string {
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}

type SessionRowProps = {
  session: AccountSession;
  /** While a session is being signed out, none other can be. */
  ending: boolean;
  onSignOut: () => void;
};

/** One of My account's sessions: where and when, and "Sign out" unless it is this device's. */
export function SessionRow({ session, ending, onSignOut }: SessionRowProps) {
  return (
    <tr>
      <th scope="row" data-label="Browser and system">
        {describeSession(session)}
      </th>
      <td data-label="Where from">{session.ip ?? 'Unknown'}</td>
      <td data-label="Signed in">{formatWhen(session.signedInAt)}</td>
      <td data-label="Last used">{formatWhen(session.lastUsedAt)}</td>
      <td className="staff-table__actions">
        {session.current ? (
          <strong>This device</strong>
        ) : (
          <button
            type="button"
            className="button button--small"
            aria-label={`Sign out ${describeSession(session)}, last used ${formatWhen(session.lastUsedAt)}`}
            disabled={ending}
            onClick={onSignOut}
          >
            Sign out
          </button>
        )}
      </td>
    </tr>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { sessionsQuery, useEndSessions } from '../api/account.ts';
import { describeSession, SessionRow } from './session-row.tsx';
import { TeamTable } from './team-table.tsx';

const SESSION_COLUMNS = ['Browser and system', 'Where from', 'Signed in', 'Last used'];

/** My account's "Your sessions" (issue 28): where the account is signed in, each to sign out, or all the others at once. */
export function YourSessions() {
  const sessions = useQuery(sessionsQuery());
  const end = useEndSessions();
  const [done, setDone] = useState('');
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const signOut = (sessionId: string | null, said: string) => {
    setDone('');
    end.mutate(sessionId, { onSuccess: () => setDone(said) });
  };
  return (
    <section className="card account-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Your sessions</h2>
      <TeamTable columns={SESSION_COLUMNS} query={sessions} failed="Your sessions could not be loaded.">
        {sessions.data?.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            ending={end.isPending}
            onSignOut={() => signOut(session.id, `${describeSession(session)} is signed out.`)}
          />
        ))}
      </TeamTable>
      <div className="form__actions">
        <button
          type="button"
          className="button"
          disabled={end.isPending || others.length === 0}
          onClick={() => signOut(null, 'All other sessions are signed out.')}
        >
          Sign out all other sessions
        </button>
      </div>
      <p className="account-section__result" role="status">
        {done}
      </p>
      <ActionFailure error={end.error} failed="Could not sign out" serverSays={isApiError} />
    </section>
  );
}

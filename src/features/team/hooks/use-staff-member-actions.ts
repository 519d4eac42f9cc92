import { useState } from 'react';
import type { Role, SignInLink } from '#contract/team';
import { useChangeStaffMember, useResetPassword, useSignOutEverywhere } from '../api/staff.ts';
import { roleNames } from '../utils/team-texts.ts';

/** The actions that ask first (ConfirmDialog): which one is asking, if any. */
type Asking = 'disable' | 'reset' | 'sign-out' | null;

/**
 * What the staff page can do to one account (its row): change its role, Disable / Enable, Reset password and Sign out
 * everywhere, the last three asking first. One of them at a time: each starts by clearing what the one before said.
 */
export function useStaffMemberActions(username: string) {
  const change = useChangeStaffMember(username);
  const reset = useResetPassword(username);
  const signOut = useSignOutEverywhere(username);
  const [asking, setAsking] = useState<Asking>(null);
  const [link, setLink] = useState<SignInLink | null>(null);
  const [done, setDone] = useState('');
  const pending = change.isPending || reset.isPending || signOut.isPending;
  const failure = [change, reset, signOut].find((mutation) => mutation.isError)?.error;
  const resetAll = () => {
    for (const mutation of [change, reset, signOut]) mutation.reset();
    setDone('');
  };

  const questions: Record<Exclude<Asking, null>, { question: string; confirm: () => void }> = {
    disable: {
      question: `Disable ${username}? Their sessions end and they can no longer sign in.`,
      confirm: () => change.mutate({ status: 'disabled' }, { onSuccess: () => setDone(`${username} is disabled.`) }),
    },
    reset: {
      question: `Reset the password of ${username}? Their password stops working at once and their sessions end.`,
      confirm: () => reset.mutate(undefined, { onSuccess: setLink }),
    },
    'sign-out': {
      question: `Sign ${username} out everywhere?`,
      confirm: () => signOut.mutate(undefined, { onSuccess: () => setDone(`${username} is signed out everywhere.`) }),
    },
  };

  return {
    /** The action asking its question, if any; its question. */
    asking,
    question: asking && questions[asking].question,
    /** A new sign-in link, after Reset password. */
    link,
    /** What the last action did, for the row's status line. */
    done,
    pending,
    failure,
    changeRole: (role: Role) => {
      resetAll();
      change.mutate({ role }, { onSuccess: () => setDone(`${username} is now ${roleNames[role].toLowerCase()}.`) });
    },
    enable: () => {
      resetAll();
      change.mutate({ status: 'active' }, { onSuccess: () => setDone(`${username} is enabled.`) });
    },
    ask: (what: Exclude<Asking, null>) => {
      resetAll();
      setLink(null);
      setAsking(what);
    },
    confirm: () => {
      if (asking) questions[asking].confirm();
      setAsking(null);
    },
    cancel: () => setAsking(null),
  };
}

export type StaffMemberActions = ReturnType<typeof useStaffMemberActions>;

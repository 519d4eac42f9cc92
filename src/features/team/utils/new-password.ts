import { NewPassword, passwordMessages } from '#contract/team';

/** What is wrong with a new password before it is sent (welcome page, My account): against the rule, or repeated unlike. */
export function newPasswordErrors(password: string, repeat: string): { password?: string | undefined; repeat?: string | undefined } {
  const rule = NewPassword.safeParse(password);
  return {
    password: rule.success ? undefined : rule.error.issues[0]?.message,
    repeat: password === repeat ? undefined : passwordMessages.mismatch,
  };
}

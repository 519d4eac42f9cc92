import { actionFailureMessage } from '../lib/action-failure-message.ts';
import type { ApiError } from '../lib/api-errors.ts';

type ActionFailureProps = {
  /** The action's error; nothing shows without one. */
  error: Error | null | undefined;
  /** What failed, as the message begins: "The client list could not be exported". */
  failed: string;
  /** Which server refusals are said in the server's words (by default a 403's "Only an owner can …"). */
  serverSays?: (error: unknown) => error is ApiError;
  className?: string;
};

/** A failed action's message, read where the action was: offline, that the server cannot be reached (lib/action-failure-message.ts). */
export function ActionFailure({ error, failed, serverSays, className }: ActionFailureProps) {
  if (!error) return null;
  return (
    <p className={className ? `form__error ${className}` : 'form__error'} role="alert">
      {actionFailureMessage(error, failed, serverSays)}
    </p>
  );
}

import { useId, useState, type InputHTMLAttributes } from 'react';
import type { Role } from '#contract/team';
import { actionFailureMessage } from '../../../lib/action-failure-message.ts';
import { isApiError } from '../../../lib/api-errors.ts';
import { localDateTime } from '../../../lib/local-time.ts';

/** A role as the staff page shows it. */
export const roleNames: Record<Role, string> = { owner: 'Owner', staff: 'Staff' };

/** A time on the staff page and My account, in the salon's local time: "2026-11-26 09:30"; null is `never`. */
export function formatWhen(iso: string | null, never = 'Never'): string {
  return iso === null ? never : localDateTime(iso);
}

/** What a failed change of the team says: the server's message ("There must be at least one active owner."), or offline that the server cannot be reached. */
export function failureMessage(error: unknown, failed: string): string {
  return actionFailureMessage(error, failed, isApiError);
}

type FieldProps = {
  label: string;
  error?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its error under it, tied to it for screen readers. */
export function Field({ label, error, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && (
        <p id={`${id}-error`} className="form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A one-time sign-in link, shown once: the whole address to copy, and a button that copies it. */
export function SignInLinkBox({ username, path, expiresAt }: { username: string; path: string; expiresAt: string }) {
  const url = new URL(path, window.location.origin).toString();
  const [copied, setCopied] = useState<boolean | null>(null);
  const id = useId();
  return (
    <div className="sign-in-link" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="sign-in-link__title">
        Sign-in link for {username}
      </p>
      <p className="sign-in-link__note">
        Shown only now: copy it and send it to {username}. It works once, until {formatWhen(expiresAt)}.
      </p>
      <div className="sign-in-link__row">
        <label htmlFor={id} className="visually-hidden">
          Sign-in link for {username}
        </label>
        <input id={id} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy link
        </button>
      </div>
      <p className="sign-in-link__copied" role="status">
        {copied === true ? 'Link copied.' : copied === false ? 'Could not copy: select the link and copy it.' : ''}
      </p>
    </div>
  );
}

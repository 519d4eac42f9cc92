import { useId, useState } from 'react';
import { formatWhen } from '../utils/team-texts.ts';

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

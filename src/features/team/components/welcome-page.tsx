import { useQuery } from '@tanstack/react-query';
import { SIGN_IN_LINK_EXPIRED } from '#contract/team';
import { ApiError } from '../../../lib/api-errors.ts';
import { useSetPassword, welcomeLinkQuery } from '../api/welcome.ts';
import { SetPasswordForm } from './set-password-form.tsx';
import './team.css';

/** A used, expired or unknown link: the server answers 410 (or 404). */
const isExpired = (error: unknown) => error instanceof ApiError && (error.status === 410 || error.status === 404);

type WelcomePageProps = {
  token: string;
  /** Called as the new password is sent: the route fetches the logged-in nav bar then, as the login form does. */
  onPasswordSent: () => void;
};

/** `/welcome/{token}`: a new member (or one whose password was reset) sets a password and is logged in. */
export function WelcomePage({ token, onPasswordSent }: WelcomePageProps) {
  const link = useQuery({ ...welcomeLinkQuery(token), retry: false });
  const setPassword = useSetPassword(token);
  if (isExpired(link.error) || isExpired(setPassword.error)) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Sign-in link</h1>
        <p className="notice" role="alert">
          {SIGN_IN_LINK_EXPIRED}
        </p>
      </div>
    );
  }
  if (!link.data) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Sign-in link</h1>
        <p role={link.isError ? 'alert' : 'status'}>{link.isError ? 'The sign-in link could not be checked. Try again.' : 'Loading…'}</p>
      </div>
    );
  }
  return <SetPasswordForm username={link.data.username} setPassword={setPassword} onPasswordSent={onPasswordSent} />;
}

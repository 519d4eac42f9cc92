import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/components/login-form.tsx';

type LoginSearch = {
  /** The server ended the session: the page says so. */
  ended?: boolean;
  /** Where to go after logging in: the page the session ended on. */
  redirect?: string;
};

/** Only a path of this site: an address from outside could otherwise send staff anywhere after login. */
const isOwnPath = (value: unknown): value is string => typeof value === 'string' && /^\/(?![/\\])/.test(value);

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ended: search.ended === true ? true : undefined,
    redirect: isOwnPath(search.redirect) ? search.redirect : undefined,
  }),
  head: () => ({ meta: [{ title: 'Log in · Your Beauty Salon' }] }),
  component: LoginPage,
});

function LoginPage() {
  const { ended, redirect } = Route.useSearch();
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Staff login</h1>
      {ended && (
        <p className="notice" role="status">
          Your session has ended. Please log in again.
        </p>
      )}
      <LoginForm redirect={redirect} />
    </div>
  );
}

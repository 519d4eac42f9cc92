import { createFileRoute } from '@tanstack/react-router';
import { loadStaffNavBar } from '../features/auth/components/load-staff-nav-bar.ts';
import { WelcomePage } from '../features/team/components/welcome-page.tsx';

/** A one-time sign-in link (issue 28): whoever opens it has no session yet. */
export const Route = createFileRoute('/welcome/$token')({
  head: () => ({ meta: [{ title: 'Welcome · Your Beauty Salon' }] }),
  component: WelcomeRoute,
});

function WelcomeRoute() {
  const { token } = Route.useParams();
  // A new page per token: nothing typed for one link stays for another.
  // Once the password is sent, the session's nav bar (features/auth) is fetched, so that it is there when shown.
  return <WelcomePage key={token} token={token} onPasswordSent={() => void loadStaffNavBar()} />;
}

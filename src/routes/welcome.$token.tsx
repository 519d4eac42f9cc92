import { createFileRoute } from '@tanstack/react-router';
import { WelcomePage } from '../features/team/components/welcome-page.tsx';

/** A one-time sign-in link (issue 28): whoever opens it has no session yet. */
export const Route = createFileRoute('/welcome/$token')({
  head: () => ({ meta: [{ title: 'Welcome · Your Beauty Salon' }] }),
  component: WelcomeRoute,
});

function WelcomeRoute() {
  const { token } = Route.useParams();
  // A new page per token: nothing typed for one link stays for another.
  return <WelcomePage key={token} token={token} />;
}

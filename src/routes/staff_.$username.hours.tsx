import { createFileRoute, Link } from '@tanstack/react-router';
import { bookTexts } from '#contract/book-texts';
import { HoursSection } from '../features/book/components/hours-section.tsx';
import { requireLogin } from '../lib/require-login.ts';

/**
 * A colleague's working hours and time off (issue 40), an owner's page opened from the staff page's "Working hours".
 * Not inside the staff page's route (`staff_`): a page of its own. Staff get the server's 403, and the page says so.
 */
export const Route = createFileRoute('/staff_/$username/hours')({
  beforeLoad: requireLogin,
  // A title of its own: the member's name would take the book's texts into every page's first JS.
  head: () => ({ meta: [{ title: 'Working hours · Your Beauty Salon' }] }),
  component: StaffHoursPage,
});

function StaffHoursPage() {
  const { username } = Route.useParams();
  return (
    <div className="page">
      <HoursSection key={username} who={{ username }} title={bookTexts.hoursOf(username)} level={1} />
      <p className="page__footer-link">
        <Link to="/staff" className="button">
          Back to staff
        </Link>
      </p>
    </div>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { OnlineBookingSlot } from '../features/online-booking/components/online-booking-slot.tsx';

type LandingSearch = {
  /** The token of an online booking's cancel link (issue 41), `/?cancel={token}`. */
  cancel?: string;
};

// The cancel link's question: loaded only when the address carries one.
const CancelAppointment = lazy(() =>
  import('../features/online-booking/components/load-online-booking.ts').then((chunks) => chunks.loadCancelAppointment()),
);

export const Route = createFileRoute('/')({
  // By hand, not with zod: every page's first JS holds the route definitions (docs/performance.md).
  validateSearch: (search: Record<string, unknown>): LandingSearch => ({
    cancel: typeof search.cancel === 'string' ? search.cancel : undefined,
  }),
  head: () => ({ meta: [{ title: 'Your Beauty Salon: make-up, hairstyles and photoshoots' }] }),
  component: Landing,
});

/** The landing page, then "Book an appointment" (before the root layout's footer); above them, a cancel link's question. */
function Landing() {
  const { cancel } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      {cancel !== undefined && (
        <Suspense>
          <CancelAppointment token={cancel} onClose={() => void navigate({ search: {} })} />
        </Suspense>
      )}
      <LandingPage />
      <OnlineBookingSlot />
    </>
  );
}

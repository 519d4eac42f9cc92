import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import './online-booking-slot.css';

// The form, its checks (zod, react-hook-form) and its requests: loaded when the section comes near the screen, so the
// landing page's first JS stays without them (docs/performance.md).
const OnlineBookingSection = lazy(() => import('./load-online-booking.ts').then((chunks) => chunks.loadOnlineBookingSection()));

/**
 * onlineBookingTexts.heading, written here: importing the texts would bring all of them into what the landing page
 * loads before any scroll (0.4 KiB gzip). The section's tests find the region by onlineBookingTexts.heading.
 */
const HEADING = 'Book an appointment';

/** How far below the screen the section starts loading: its code is there by the time it is scrolled to. */
const AHEAD = '300px 0px';

/** "Book an appointment" on the landing page (issue 41), after the gallery: its heading at once, the rest when near. */
export function OnlineBookingSlot() {
  const section = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = section.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: AHEAD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <section ref={section} className="online-booking" id="book" aria-labelledby="online-booking-title">
      <div className="online-booking__inner">
        <h2 id="online-booking-title" className="online-booking__title">
          {HEADING}
        </h2>
        {near && (
          <Suspense fallback={<p>Loading the services…</p>}>
            <OnlineBookingSection />
          </Suspense>
        )}
      </div>
    </section>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { salonDate, type Appointment, type Service } from '#contract/book';
import { clientQueries } from '../../clients/api/client-queries.ts';
import { bookQueries } from '../api/book-queries.ts';
import { membersWithHours } from '../utils/booking-values.ts';
import { BookingForm } from './booking-form.tsx';

const offered = (services: Service[]) => services.filter(({ removed }) => !removed);

type BookingPageProps = {
  /** The day the form opens on (the salon's); today there by default. */
  date?: string;
  /** The client chosen when the form opens (from a client's page). */
  clientId?: string;
  /** Booked: `date` is the appointment's day in the salon. */
  onBooked: (appointment: Appointment, date: string) => void;
};

/** "New appointment" (issue 40): the page and its form, on the salon's services, members and the client list. */
export function BookingPage({ date, clientId, onBooked }: BookingPageProps) {
  const { data: salon } = useSuspenseQuery(bookQueries.salon());
  const { data: services } = useSuspenseQuery({ ...bookQueries.services(), select: offered });
  const { data: members } = useSuspenseQuery({ ...bookQueries.schedules(), select: membersWithHours });
  const { data: clients } = useSuspenseQuery(clientQueries.list());
  const zone = salon.timeZone;
  // Today in the salon, whatever the browser's time zone; fixed when the page opens.
  const [today] = useState(() => salonDate(Date.now(), zone));
  const known = clients.some((client) => client._id === clientId);
  const defaultValues = {
    clientId: known && clientId !== undefined ? clientId : '',
    serviceId: '',
    staff: '',
    date: date ?? today,
    start: '',
  };
  return (
    <div className="page page--narrow">
      <section className="card" aria-labelledby="booking-title">
        <h1 id="booking-title" className="page__title">
          New appointment
        </h1>
        <BookingForm
          zone={zone}
          clients={clients}
          services={services}
          members={members}
          defaultValues={defaultValues}
          onBooked={(appointment) => onBooked(appointment, salonDate(Date.parse(appointment.start), zone))}
        />
      </section>
    </div>
  );
}

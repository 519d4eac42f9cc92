import { useQuery } from '@tanstack/react-query';
import { onlineBookingTexts } from '#contract/online-booking-texts';
import { useIsOwner } from '../../../lib/me.ts';
import { outboxQuery } from '../api/outbox.ts';

/** "Emails waiting: {n}" on the staff page when the outbox holds any (issue 41); nothing when it is empty. */
export function OutboxWaiting() {
  const { data } = useQuery(outboxQuery(useIsOwner()));
  if (!data?.waiting) return null;
  return <p className="notice">{onlineBookingTexts.emailsWaiting(data.waiting)}</p>;
}

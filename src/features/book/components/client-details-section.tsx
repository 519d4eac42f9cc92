import { useQuery } from '@tanstack/react-query';
import { salonDate } from '#contract/book';
import { bookQueries } from '../api/book-queries.ts';
import { clientDetailsQuery } from '../api/client-details.ts';
import { longDate } from '../utils/calendar-day.ts';
import './booking.css';

/** A phone number as a `tel:` link takes it: its digits and a leading "+", without the spaces people write. */
const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/**
 * What an online booking keeps beside a client (issue 41), under their edit page's form, not in it: "Phone", and when
 * they agreed to offers emails (the day in the salon's time zone). Nothing when there is neither.
 */
export function ClientDetailsSection({ clientId }: { clientId: string }) {
  const { data: details } = useQuery(clientDetailsQuery(clientId));
  const zone = useQuery(bookQueries.salon()).data?.timeZone;
  if (!details || (details.phone === null && details.offersConsentAt === null)) return null;
  const { phone, offersConsentAt } = details;
  return (
    <div className="card appointment-section client-details">
      {phone !== null && (
        <dl className="appointment-facts">
          <dt>Phone</dt>
          <dd>
            <a href={telHref(phone)}>{phone}</a>
          </dd>
        </dl>
      )}
      {offersConsentAt !== null && zone !== undefined && (
        <p>{`Agreed to offers emails on ${longDate(salonDate(Date.parse(offersConsentAt), zone))}`}</p>
      )}
    </div>
  );
}

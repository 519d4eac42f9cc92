import { useId } from 'react';
import type { Client } from '#contract/api';
import { clientName } from '../../clients/utils/client-notices.ts';
import { formatRegistrationTime } from '../../clients/utils/date-time.ts';

/** One client of a possible duplicate pair: its name, email and when it was registered. */
export function ClientSummary({ title, client }: { title: string; client: Client }) {
  const titleId = useId();
  return (
    <section className="duplicate-pair__client" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <dl>
        <dt>Name</dt>
        <dd>{clientName(client)}</dd>
        <dt>Email</dt>
        <dd>{client.email}</dd>
        <dt>Registered</dt>
        <dd>{formatRegistrationTime(client.registrationDateTime)}</dd>
      </dl>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OwnerOnlyNotice } from '../../../components/owner-only.tsx';
import { useRole } from '../../../lib/me.ts';
import { bookQueries } from '../api/book-queries.ts';
import { AddService } from './services-add.tsx';
import { ServicesTable } from './services-table.tsx';
import './services.css';

/**
 * "Services" (issue 40), an owner's page: the salon's services, with their duration and price; add, edit, remove.
 * Staff may read the services (the booking form offers them) but not change them: opened by its address, the page
 * says it is an owner's, as the server's 403 on every change would.
 */
export function ServicesPage() {
  const role = useRole();
  const services = useQuery(bookQueries.services());
  const salon = useQuery(bookQueries.salon());
  const [done, setDone] = useState('');
  return (
    <div className="page">
      <h1 className="page__title">Services</h1>
      {role === 'staff' ? (
        <OwnerOnlyNotice />
      ) : (
        <>
          <ServicesTable services={services} salon={salon} onDone={setDone} />
          <p className="services__result" role="status">
            {done}
          </p>
          {salon.data && role === 'owner' && (
            <AddService currency={salon.data.currency} onAdded={(service) => setDone(`${service.name} is added.`)} />
          )}
        </>
      )}
    </div>
  );
}

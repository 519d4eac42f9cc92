import type { UseQueryResult } from '@tanstack/react-query';
import type { Salon, Service } from '#contract/book';
import { DataTable, queryStatusMessage } from '../../../components/data-table.tsx';
import { ServiceRow } from './services-row.tsx';

const COLUMNS = ['Name', 'Duration', 'Price'];

type ServicesTableProps = {
  services: UseQueryResult<Service[]>;
  /** Its currency writes the prices. */
  salon: UseQueryResult<Salon>;
  onDone: (done: string) => void;
};

/** The services still offered, in name order; a removed one is no longer listed (it stays on its appointments). */
export function ServicesTable({ services, salon, onDone }: ServicesTableProps) {
  const offered = services.data?.filter((service) => !service.removed) ?? [];
  const currency = salon.data?.currency;
  const message =
    queryStatusMessage(services, 'The services could not be loaded.') ??
    queryStatusMessage(salon, 'The salon’s settings could not be loaded.') ??
    (offered.length === 0 ? 'No services yet.' : undefined);
  return (
    <DataTable className="services-table" density="roomy" cards caption="Services" columns={COLUMNS} actions message={message}>
      {currency !== undefined &&
        offered.map((service) => (
          <ServiceRow key={service.id} service={service} currency={currency} columns={COLUMNS.length + 1} onDone={onDone} />
        ))}
    </DataTable>
  );
}

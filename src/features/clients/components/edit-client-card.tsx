import type { ReactNode } from 'react';
import { NOT_AVAILABLE_OFFLINE } from '../../../lib/reachability.ts';

/** The page's card and title, and what follows the card (the client's data). */
export function EditClientCard({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <div className="page page--narrow">
      <section className="card" aria-labelledby="edit-client-title">
        <h1 id="edit-client-title" className="page__title">
          Edit a client
        </h1>
        {children}
      </section>
      {after}
    </div>
  );
}

/** Offline, a client the offline copy does not have is waited for (features/offline/load-query.ts). */
export function EditClientOffline() {
  return (
    <EditClientCard>
      <p className="form__note" role="status">
        {NOT_AVAILABLE_OFFLINE}
      </p>
    </EditClientCard>
  );
}

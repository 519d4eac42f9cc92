import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Client } from '#contract/api';
import { mergeMessages, type DuplicatePairBody } from '#contract/merge';
import { queryStatusMessage } from '../../../components/data-table.tsx';
import { clientName } from '../../clients/utils/client-notices.ts';
import { formatRegistrationTime } from '../../clients/utils/date-time.ts';
import { duplicatesQuery } from '../api/merges.ts';
import './merge.css';
import { BackToClientList } from '../../clients/components/back-to-client-list.tsx';

/** Pairs shown at first, and added by "Show more": a salon's few hundred at most, without rendering thousands at once. */
const PAGE = 100;

const ALIKE: Record<string, string> = { email: 'Same email', name: 'Same name', 'email,name': 'Same email and name' };

/** "Possible duplicates" (issue 29): pairs alike in email or name, both clients side by side, each with "Merge". */
export function DuplicatesPage() {
  const duplicates = useQuery(duplicatesQuery());
  const [shown, setShown] = useState(PAGE);
  const list = useRef<HTMLUListElement>(null);
  // The button may go with the last pairs: focus moves to the first pair it added, where reading goes on.
  const showMore = () => {
    flushSync(() => setShown(shown + PAGE));
    list.current?.querySelectorAll<HTMLElement>(':scope > li')[shown]?.focus();
  };
  const pairs = duplicates.data ?? [];
  const status =
    queryStatusMessage(duplicates, 'The possible duplicates could not be loaded.') ??
    (pairs.length === 0 ? mergeMessages.noDuplicates : undefined);
  return (
    <div className="page merge-page">
      <h1 className="page__title">Possible duplicates</h1>
      <p>Clients with the same email, or the same first and last name. A merge keeps the client registered earlier.</p>
      {status !== undefined ? (
        <p role="status">{status}</p>
      ) : (
        <>
          <p role="status">{pairs.length === 1 ? '1 pair' : `${pairs.length} pairs`}</p>
          <ul ref={list} className="duplicate-list" role="list">
            {pairs.slice(0, shown).map((pair) => (
              <DuplicatePair key={`${pair.kept.client._id} ${pair.other.client._id}`} pair={pair} />
            ))}
          </ul>
          {pairs.length > shown && (
            <button type="button" className="button" onClick={showMore}>
              Show more
            </button>
          )}
        </>
      )}
      <p className="page__footer-link">
        <BackToClientList />
      </p>
    </div>
  );
}

function DuplicatePair({ pair }: { pair: DuplicatePairBody }) {
  const titleId = useId();
  const navigate = useNavigate();
  const { kept, other } = pair;
  return (
    <li className="card duplicate-pair" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className="duplicate-pair__title">
        {clientName(kept.client)} and {clientName(other.client)}
      </h2>
      <p className="duplicate-pair__alike">{ALIKE[[...pair.reasons].sort().join(',')]}</p>
      <div className="duplicate-pair__clients">
        <ClientSummary title="Registered first" client={kept.client} />
        <ClientSummary title="Registered later" client={other.client} />
      </div>
      <button
        type="button"
        className="button button--primary"
        aria-describedby={titleId}
        onClick={() => void navigate({ to: '/clients/merge', search: { keep: kept.client._id, other: other.client._id } })}
      >
        Merge
      </button>
    </li>
  );
}

function ClientSummary({ title, client }: { title: string; client: Client }) {
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

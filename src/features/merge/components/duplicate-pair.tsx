import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import type { DuplicatePairBody } from '#contract/merge';
import { clientName } from '../../clients/utils/client-notices.ts';
import { ClientSummary } from './client-summary.tsx';

const ALIKE: Record<string, string> = { email: 'Same email', name: 'Same name', 'email,name': 'Same email and name' };

/** A possible duplicate: what the two clients have alike, both side by side, and "Merge", which opens the merge page. */
export function DuplicatePair({ pair }: { pair: DuplicatePairBody }) {
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

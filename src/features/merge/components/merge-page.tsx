import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { mergeMessages } from '#contract/merge';
import { queryStatusMessage } from '../../../components/data-table.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { mergePairQuery } from '../api/merges.ts';
import { MergeForm } from './merge-form.tsx';
import './merge.css';

/**
 * The merge page (issue 29): per field, both clients' values as radio buttons named by the value; "Merge into one
 * client" sends the choices on the condition that neither client changed since the page opened. The client registered
 * earlier keeps its id.
 */
export function MergePage({ firstId, secondId }: { firstId: string; secondId: string }) {
  const pairQuery = mergePairQuery(firstId, secondId);
  const pair = useQuery(pairQuery);
  return (
    <div className="page merge-page">
      <h1 className="page__title">Merge two clients</h1>
      {pair.data ? (
        <MergeForm pair={pair.data} pairQuery={pairQuery} />
      ) : (
        <p role="status">
          {firstId === '' || secondId === '' || noSuchClient(pair.error)
            ? mergeMessages.notFound
            : queryStatusMessage(pair, 'The two clients could not be loaded.')}
        </p>
      )}
      <p className="page__footer-link">
        <Link to="/clients/duplicates" className="button">
          Back to possible duplicates
        </Link>
      </p>
    </div>
  );
}

/** 404, or 400 for an id no client could have: the address names no client. */
function noSuchClient(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

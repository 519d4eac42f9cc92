import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { mergeMessages } from '#contract/merge';
import { queryStatusMessage } from '../../../components/data-table.tsx';
import { BackToClientList } from '../../clients/components/back-to-client-list.tsx';
import { duplicatesQuery } from '../api/merges.ts';
import { DuplicatePair } from './duplicate-pair.tsx';
import './merge.css';

/** Pairs shown at first, and added by "Show more": a salon's few hundred at most, without rendering thousands at once. */
const PAGE = 100;

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

import { useEffect, useRef } from 'react';
import type { Client } from '#contract/api';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { useExportClients } from '../api/export-clients.ts';
import type { ClientListView } from '../utils/list-view-search.ts';
import './client-finder.css';

const count = (value: number) => value.toLocaleString('en-US');
const clientsWord = (value: number) => (value === 1 ? 'client' : 'clients');

type ClientFinderProps = {
  /** What is typed: shown at once, while the rows may follow a moment later. */
  query: string;
  onQueryChange: (query: string) => void;
  /** The rows of the current view (search and sort applied), and the size of the whole list. */
  shown: readonly Client[];
  total: number;
  /** The search and sort on screen: "Export CSV" makes its file of the same view. */
  view: ClientListView;
  /** "Export CSV" is an owner's (issue 28); false also while the role is not known. */
  owner: boolean;
};

/**
 * Above the client table: the search field (`/` focuses it from anywhere on the page), its
 * clear button, the count of what is shown, announced politely, and, for an owner, the CSV
 * export of the current view.
 */
export function ClientFinder({ query, onQueryChange, shown, total, view, owner }: ClientFinderProps) {
  const input = useRef<HTMLInputElement>(null);
  useSlashFocuses(input);
  const searching = query.trim() !== '';
  const exportClients = useExportClients();

  return (
    <div className="client-finder">
      <div className="client-finder__search">
        <label htmlFor="client-search">Search clients</label>
        <div className="client-finder__field">
          <input
            ref={input}
            id="client-search"
            type="search"
            value={query}
            placeholder="Name or email"
            autoComplete="off"
            spellCheck={false}
            aria-keyshortcuts="/"
            onChange={(event) => onQueryChange(event.target.value)}
          />
          {query !== '' && (
            <button
              type="button"
              className="client-finder__clear"
              aria-label="Clear search"
              onClick={() => {
                onQueryChange('');
                input.current?.focus();
              }}
            >
              ×
            </button>
          )}
        </div>
      </div>
      <p className="client-finder__count" role="status">
        {searching ? `${count(shown.length)} of ${count(total)} ${clientsWord(total)}` : `${count(total)} ${clientsWord(total)}`}
      </p>
      {owner && (
        <ExportCsvButton className="client-finder__export" pending={exportClients.isPending} onExport={() => exportClients.mutate(view)} />
      )}
      {/* Stays when a 403 has hidden the button (the role changed): the reason is read where the action was. */}
      <ActionFailure error={exportClients.error} failed="The client list could not be exported" className="client-finder__error" />
    </div>
  );
}

/** `/` anywhere on the page, outside a field, moves focus to the search field. */
function useSlashFocuses(input: React.RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

import { useState, type ReactNode } from 'react';
import { AuditKind } from '#contract/team';
import type { AuditFilter } from '../api/audit-queries.ts';
import { AUDIT_KIND_LABELS } from '../utils/audit-entries.ts';

type AuditFiltersProps = {
  filter: AuditFilter;
  onFilter: (filter: AuditFilter) => void;
  /** Beside the filters, at the row's end: the page's "Export CSV". */
  children?: ReactNode;
};

/**
 * The trail by account (a username, or a client's id: who did it or had it done to it) and by kind. The kind applies
 * as it is chosen; the account when the form is sent (Enter or "Filter").
 */
export function AuditFilters({ filter, onFilter, children }: AuditFiltersProps) {
  const [account, setAccount] = useState(filter.account ?? '');
  const withAccount = (typed: string): AuditFilter => ({ ...filter, account: typed.trim() === '' ? undefined : typed.trim() });
  return (
    <form
      className="audit-filters"
      role="search"
      aria-label="Filter the audit trail"
      onSubmit={(event) => {
        event.preventDefault();
        onFilter(withAccount(account));
      }}
    >
      <div className="form__field">
        <label htmlFor="audit-account">Account</label>
        <input
          id="audit-account"
          type="search"
          value={account}
          placeholder="Username or client id"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setAccount(event.target.value)}
        />
      </div>
      <div className="form__field">
        <label htmlFor="audit-kind">Kind</label>
        <select
          id="audit-kind"
          value={filter.kind ?? ''}
          onChange={(event) => {
            const kind = AuditKind.safeParse(event.target.value);
            onFilter({ ...withAccount(account), kind: kind.success ? kind.data : undefined });
          }}
        >
          <option value="">All kinds</option>
          {AuditKind.options.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Filter
      </button>
      {children}
    </form>
  );
}

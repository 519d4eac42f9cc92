import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ClientFields } from '#contract/api';
import { registeredFirst } from '#contract/duplicates';
import { mergeMessages, type MergeChoices } from '#contract/merge';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { queryStatusMessage } from '../../../components/data-table.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { FIELD_LABELS, shownValue } from '../../clients/utils/client-fields.ts';
import { clientName } from '../../clients/utils/client-notices.ts';
import { lastListView } from '../../clients/utils/last-list-view.ts';
import { mergeConflictOf, mergePairQuery, useMergeClients } from '../api/merges.ts';
import { noticeMerged } from '../utils/merge-notices.ts';
import './merge.css';

const KEEP_ALL: MergeChoices = { firstName: 'kept', lastName: 'kept', email: 'kept', registrationDateTime: 'kept' };

/**
 * The merge page (issue 29): per field, both clients' values as radio buttons named by the value; "Merge into one
 * client" sends the choices on the condition that neither client changed since the page opened. The client registered
 * earlier keeps its id.
 */
export function MergePage({ firstId, secondId }: { firstId: string; secondId: string }) {
  const pairQuery = mergePairQuery(firstId, secondId);
  const pair = useQuery(pairQuery);
  const merge = useMergeClients(pairQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<MergeChoices>(KEEP_ALL);
  // After a refusal the page says why, and focus goes there: the values below it are the new ones.
  const failure = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (merge.isError) failure.current?.focus();
  }, [merge.isError, merge.failureCount]);

  const back = (
    <p className="page__footer-link">
      <Link to="/clients/duplicates" className="button">
        Back to possible duplicates
      </Link>
    </p>
  );
  if (!pair.data) {
    return (
      <div className="page merge-page">
        <h1 className="page__title">Merge two clients</h1>
        <p role="status">
          {firstId === '' || secondId === '' || noSuchClient(pair.error)
            ? mergeMessages.notFound
            : queryStatusMessage(pair, 'The two clients could not be loaded.')}
        </p>
        {back}
      </div>
    );
  }

  // The one registered earlier keeps its id, whichever way round the address names them.
  const [kept, other] =
    registeredFirst(pair.data.kept.client, pair.data.other.client) <= 0
      ? [pair.data.kept, pair.data.other]
      : [pair.data.other, pair.data.kept];
  const conflict = mergeConflictOf(merge.error);
  const deletedSince = conflict && [conflict.kept, conflict.other].some((side) => side.client === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    merge.mutate(
      { keepId: kept.client._id, otherId: other.client._id, keepVersion: kept.version, otherVersion: other.version, fields: choices },
      {
        onSuccess: (summary) => {
          noticeMerged(queryClient, summary);
          void navigate({ to: '/clients', search: lastListView() });
        },
      },
    );
  };

  return (
    <div className="page merge-page">
      <h1 className="page__title">Merge two clients</h1>
      <p>
        {clientName(kept.client)}, registered first, keeps its id; {clientName(other.client)} leaves the list. Choose each field’s value.
      </p>
      <div ref={failure} tabIndex={-1} className="merge-page__failure">
        {conflict ? (
          <p className="form__error" role="alert">
            {deletedSince ? 'One of these clients was deleted since this page opened.' : mergeMessages.changedSince}
          </p>
        ) : (
          <ActionFailure error={merge.error} failed="The clients could not be merged" serverSays={isApiError} />
        )}
      </div>
      <form className="form card merge-form" onSubmit={submit}>
        {FIELD_LABELS.map(([field, label]) => (
          <FieldChoice
            key={field}
            field={field}
            label={label}
            kept={kept.client}
            other={other.client}
            choice={choices[field]}
            onChoose={(source) => setChoices({ ...choices, [field]: source })}
          />
        ))}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={merge.isPending || deletedSince}>
            Merge into one client
          </button>
        </div>
      </form>
      {back}
    </div>
  );
}

/** 404, or 400 for an id no client could have: the address names no client. */
function noSuchClient(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

type FieldChoiceProps = {
  field: keyof ClientFields;
  label: string;
  kept: ClientFields;
  other: ClientFields;
  choice: 'kept' | 'other';
  onChoose: (source: 'kept' | 'other') => void;
};

/** One field: both values as radio buttons, each named by its value; a value both clients share needs no choice. */
function FieldChoice({ field, label, kept, other, choice, onChoose }: FieldChoiceProps) {
  const values = { kept: kept[field], other: other[field] };
  const shown = { kept: shownValue(field, values.kept), other: shownValue(field, values.other) };
  // Two registrations within the same minute read alike as the list shows them: then they are shown in full.
  if (shown.kept === shown.other && values.kept !== values.other) Object.assign(shown, values);
  return (
    <fieldset className="form__fieldset merge-form__field">
      <legend>{label}</legend>
      {values.kept === values.other ? (
        <p className="merge-form__same">
          {shown.kept} <span className="merge-form__note">(the same for both)</span>
        </p>
      ) : (
        (['kept', 'other'] as const).map((source) => (
          <label key={source} className="form__radio">
            <input type="radio" name={field} value={source} checked={choice === source} onChange={() => onChoose(source)} />
            {shown[source]}
          </label>
        ))
      )}
    </fieldset>
  );
}

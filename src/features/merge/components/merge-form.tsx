import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { registeredFirst } from '#contract/duplicates';
import { mergeMessages, type MergeChoices } from '#contract/merge';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { FIELD_LABELS } from '../../clients/utils/client-fields.ts';
import { clientName } from '../../clients/utils/client-notices.ts';
import { lastListView } from '../../clients/utils/last-list-view.ts';
import { mergeConflictOf, useMergeClients, type MergePair, type mergePairQuery } from '../api/merges.ts';
import { noticeMerged } from '../utils/merge-notices.ts';
import { FieldChoice } from './field-choice.tsx';

const KEEP_ALL: MergeChoices = { firstName: 'kept', lastName: 'kept', email: 'kept', registrationDateTime: 'kept' };

type MergeFormProps = {
  pair: MergePair;
  /** The pair's query: a refusal because either client changed since puts them in it as they are now. */
  pairQuery: ReturnType<typeof mergePairQuery>;
};

/** Each field's value chosen from the two clients, then "Merge into one client"; a refusal said above the choices. */
export function MergeForm({ pair, pairQuery }: MergeFormProps) {
  const merge = useMergeClients(pairQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<MergeChoices>(KEEP_ALL);
  // After a refusal the page says why, and focus goes there: the values below it are the new ones.
  const failure = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (merge.isError) failure.current?.focus();
  }, [merge.isError, merge.failureCount]);

  // The one registered earlier keeps its id, whichever way round the address names them.
  const [kept, other] = registeredFirst(pair.kept.client, pair.other.client) <= 0 ? [pair.kept, pair.other] : [pair.other, pair.kept];
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
    <>
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
    </>
  );
}

/**
 * The edit page's logic in one hook (issue 27): the states of edit-client-machine.ts, fed by this page's save and
 * delete, colleagues' changes seen live, and a change that waited on this device and needs a decision. Its save and its
 * delete carry the version the form was opened at, so a colleague's change since is shown, never overwritten unseen.
 * Offline they wait on this device (docs/offline.md). Navigation stays with the page: `onDeleted` is called when the
 * client is gone (with the client when the server has the deletion, for the notice with Undo).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer } from 'react';
import type { Client } from '#contract/api';
import { currentLogin } from '../../../lib/login-flag.ts';
import {
  clientScope,
  supersede,
  useWaitingChangeOf,
  type ClientUpdate,
  type WaitingChange,
} from '../../../lib/waiting-changes/client-changes.ts';
import { needsDecision, sentOrWaiting } from '../../../lib/waiting-changes/waiting-changes.ts';
import { clientKeys, type VersionedClient } from '../api/client-queries.ts';
import { useClientChanges } from '../api/colleague-changes.ts';
import { conflictOf } from '../api/conflict.ts';
import { deleteChange } from '../api/delete-client.ts';
import { useRestoreClient } from '../api/restore-client.ts';
import { updateChange } from '../api/update-client.ts';
import type { ClientFormValues } from '../utils/client-fields.ts';
import { toDateTimeLocalValue } from '../utils/date-time.ts';
import { editClientReducer, initialEditState, shownConflict, type WaitingDecision } from './edit-client-machine.ts';

function toFormValues(client: Client): ClientFormValues {
  return {
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    registrationDateTime: toDateTimeLocalValue(client.registrationDateTime),
  };
}

/** A waiting change that met a colleague's (a 412 on its replay), as the machine takes it up. */
function decisionOf(change: Exclude<WaitingChange, { kind: 'create' }>): WaitingDecision {
  const conflict = conflictOf(change.mutation.state.error);
  const id = change.mutation.mutationId;
  return change.kind === 'update'
    ? { id, kind: 'update', conflict, opened: change.update.opened, typed: change.update.input }
    : { id, kind: 'delete', conflict };
}

export function useEditClient(clientId: string, opened: VersionedClient | undefined, onDeleted: (client?: Client) => void) {
  const updateClient = useMutation({ ...updateChange, scope: clientScope(clientId) });
  const deleteClient = useMutation({ ...deleteChange, scope: clientScope(clientId) });
  const restoreClient = useRestoreClient();
  const queryClient = useQueryClient();
  const waiting = useWaitingChangeOf(clientId);
  const decision = waiting && needsDecision(waiting.mutation) ? decisionOf(waiting) : undefined;
  // An update still waiting to be sent (this page opened again offline): the form opens on it, and a new save takes its
  // place, made against the version it was. One that needs a decision opens as that decision.
  const [state, dispatch] = useReducer(editClientReducer, undefined, () => {
    const start = initialEditState(opened, waiting?.kind === 'update' && !decision ? waiting.update : undefined);
    return decision ? editClientReducer(start, { type: 'decision-needed', decision }) : start;
  });
  // Outside news, taken up as it comes (React's "adjusting state while rendering"): a decision to take (a replay met a
  // colleague's change while this page was open), and how a save that waited on this device ended.
  if (decision && decision.id !== state.decisionId) dispatch({ type: 'decision-needed', decision });
  if (state.name === 'waiting-on-this-device' && updateClient.isSuccess) dispatch({ type: 'waiting-sent' });
  if (state.name === 'waiting-on-this-device' && updateClient.isError) dispatch({ type: 'waiting-refused' });
  useClientChanges(clientId, (change) => dispatch({ type: 'change-arrived', change }));

  const setEdited = useCallback((edited: boolean) => dispatch({ type: 'edited', edited }), []);
  const conflict = shownConflict(state);
  const theirs = useMemo(() => (conflict?.client ? toFormValues(conflict.client) : undefined), [conflict]);
  const client = state.base?.client;
  // The form opens on what it was opened at; a decision's on the values the change was made against.
  const formValues = state.form.opened ?? (client && toFormValues(client));

  const save = async (input: ClientFormValues) => {
    let version = conflict ? conflict.version : (state.base?.version ?? null);
    dispatch({ type: 'save' });
    try {
      // "Restore and save my changes": the client comes back first, then takes the form over its restored version.
      if (conflict && !conflict.client && conflict.kind === 'deleted') {
        version = (await restoreClient.mutateAsync(clientId)).version;
        dispatch({ type: 'restored', version });
      }
      const update: ClientUpdate = { clientId, input, version, opened: formValues, account: currentLogin()?.account };
      supersede(queryClient, clientId, 'waiting');
      const result = await sentOrWaiting(queryClient, update, () => updateClient.mutateAsync(update));
      supersede(queryClient, clientId, 'decided');
      dispatch({ type: 'save-settled', result });
    } catch (error) {
      dispatch({ type: 'save-failed', conflict: conflictOf(error) });
      throw error;
    }
  };

  const takeTheirs = () => {
    if (!conflict?.client) return;
    queryClient.setQueryData(clientKeys.detail(clientId), { client: conflict.client, version: conflict.version });
    dispatch({ type: 'use-theirs' });
    // A change that waited offline and met this one is settled: theirs stands.
    supersede(queryClient, clientId, 'decided');
  };

  const remove = (version: number | null, deleted: Client) => {
    const deletion = { clientId, version, opened: toFormValues(deleted), account: currentLogin()?.account };
    supersede(queryClient, clientId, 'waiting');
    sentOrWaiting(queryClient, deletion, () => deleteClient.mutateAsync(deletion)).then(
      (result) => {
        supersede(queryClient, clientId, 'decided');
        // Undo once the server has it; one waiting offline is marked in the list instead.
        onDeleted(result === 'sent' ? deleted : undefined);
      },
      (error: unknown) => {
        const met = conflictOf(error);
        if (met?.client) dispatch({ type: 'delete-refused', conflict: met });
        // Already deleted or erased by a colleague: what was asked is done.
        else if (met) onDeleted();
      },
    );
  };

  return {
    state,
    client,
    conflict,
    theirs,
    formValues,
    saving: state.name === 'saving',
    deleting: deleteClient.isPending,
    save,
    takeTheirs,
    setEdited,
    /** Delete → Yes, against the version the form was opened at. */
    deleteClient: () => client && remove(state.base?.version ?? null, client),
    /** Yes to the second question: against the colleague's version. */
    deleteAnyway: () =>
      state.name === 'delete-asking-again' &&
      state.deleteConflict.client &&
      remove(state.deleteConflict.version, state.deleteConflict.client),
    /** No to the second question: the client stays; a deletion that waited offline for this answer is dropped. */
    keepClient: () => {
      dispatch({ type: 'delete-cancelled' });
      supersede(queryClient, clientId, 'decided');
    },
  };
}

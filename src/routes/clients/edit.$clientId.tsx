import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Client } from '#contract/api';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { clientQueries, clientKeys, type VersionedClient } from '../../features/clients/api/client-queries.ts';
import { conflictOf, type Conflict } from '../../features/clients/api/conflict.ts';
import { deleteChange } from '../../features/clients/api/delete-client.ts';
import { downloadClientExport } from '../../features/clients/api/export-client.ts';
import { useRestoreClient } from '../../features/clients/api/restore-client.ts';
import { updateChange, type ClientUpdate } from '../../features/clients/api/update-client.ts';
import { ClientForm, clientFormId, emptyClientFormValues, type ClientFormValues } from '../../features/clients/components/client-form.tsx';
import { ClientHistory } from '../../features/clients/components/client-history.tsx';
import { ClientSavedMessage, SAVED_ON_THIS_DEVICE } from '../../features/clients/components/client-saved-message.tsx';
import { DeleteClientButton } from '../../features/clients/components/delete-client-button.tsx';
import { EditConflict } from '../../features/clients/components/edit-conflict.tsx';
import { EraseClientButton } from '../../features/clients/components/erase-client-button.tsx';
import { noticeDeleted } from '../../features/clients/utils/client-notices.ts';
import { toDateTimeLocalValue } from '../../features/clients/utils/date-time.ts';
import { lastListView } from '../../features/clients/utils/last-list-view.ts';
import { useClientChanges } from '../../features/clients/api/colleague-changes.ts';
import { loadQuery } from '../../features/offline/load-query.ts';
import { clientScope, supersede, useUnsavedChangeOf } from '../../features/clients/api/unsaved-changes.ts';
import { needsDecision, sentOrWaiting } from '../../lib/waiting-changes-store.ts';
import { currentLogin } from '../../lib/login-flag.ts';
import { NOT_AVAILABLE_OFFLINE, useIsOnline } from '../../lib/reachability.ts';

export const Route = createFileRoute('/clients/edit/$clientId')({
  loader: ({ context: { queryClient }, params: { clientId } }) => loadQuery(queryClient, clientQueries.detail(clientId)),
  head: () => ({ meta: [{ title: 'Edit a client · Your Beauty Salon' }] }),
  component: EditClientRoute,
  pendingComponent: EditClientPending,
  errorComponent: ClientLoadError,
});

function EditClientRoute() {
  const { clientId } = Route.useParams();
  const { data } = useSuspenseQuery(clientQueries.detail(clientId));
  return <EditClientPage clientId={clientId} opened={data} />;
}

/** Offline, a client is waited for only when the offline copy does not have it (features/offline/load-query.ts). */
function EditClientPending() {
  if (useIsOnline()) return null;
  return (
    <div className="page page--narrow">
      <EditClientCard>
        <p className="form__note" role="status">
          {NOT_AVAILABLE_OFFLINE}
        </p>
      </EditClientCard>
    </div>
  );
}

/** The edit page's card, with its heading: around the form, or around what stands for it. */
function EditClientCard({ children }: { children: ReactNode }) {
  return (
    <section className="card" aria-labelledby="edit-client-title">
      <h1 id="edit-client-title" className="page__title">
        Edit a client
      </h1>
      {children}
    </section>
  );
}

/**
 * A failed load is only logged to the console. The form stays on screen,
 * empty and disabled, since there is no client to edit.
 */
function ClientLoadError({ error }: ErrorComponentProps) {
  const { clientId } = Route.useParams();
  useEffect(() => console.error('Could not load the client:', error), [error]);
  return <EditClientPage clientId={clientId} />;
}

function toFormValues(client: Client): ClientFormValues {
  return {
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    registrationDateTime: toDateTimeLocalValue(client.registrationDateTime),
  };
}

/**
 * The edit form, with what several staff need: its save and its delete carry the version the form was opened at, so a
 * colleague's change since is shown (EditConflict, the delete's second question), never overwritten unseen. Offline,
 * they wait on this device (features/offline/waiting-changes.ts); one that met a colleague's change on its way
 * ("Needs your decision") opens here as that conflict, with its values as the user's own.
 */
function EditClientPage({ clientId, opened }: { clientId: string; opened?: VersionedClient }) {
  const updateClient = useMutation({ ...updateChange, scope: clientScope(clientId) });
  const deleteClient = useMutation({ ...deleteChange, scope: clientScope(clientId) });
  const restoreClient = useRestoreClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const unsaved = useUnsavedChangeOf(clientId);
  const decided = unsaved && needsDecision(unsaved.mutation) ? unsaved : undefined;
  // An update still waiting to be sent (this page opened again offline): the form opens on it, and a new save takes
  // its place, made against the version it was.
  const [waitingUpdate] = useState(() => (unsaved?.kind === 'update' && !decided ? unsaved.update : undefined));
  // What the form was opened at (or last replaced with, by "Use their version"): a refetch does not move it.
  const [base, setBase] = useState(() =>
    opened && waitingUpdate ? { client: { ...opened.client, ...waitingUpdate.input }, version: waitingUpdate.version } : opened,
  );
  const [formGeneration, setFormGeneration] = useState(0);
  const [ownConflict, setConflict] = useState<Conflict>();
  const [deleteRound, setDeleteRound] = useState(0);
  const [ownDeleteConflict, setDeleteConflict] = useState<Conflict>();
  const [edited, setEdited] = useState(false);
  const [liveNote, setLiveNote] = useState<string>();
  const [waitingSave, setWaitingSave] = useState(false);
  const decidedConflict = decided ? conflictOf(decided.mutation.state.error) : undefined;
  const conflict = ownConflict ?? (decided?.kind === 'update' ? decidedConflict : undefined);
  const deleteConflict = ownDeleteConflict ?? (decided?.kind === 'delete' ? decidedConflict : undefined);
  // While this page saves, the stream also brings its own writes (the restore before a save): those are not news, and
  // a colleague's change meanwhile comes back as the save's 412 anyway.
  const saving = useRef(false);
  // A colleague's change seen live (issue 19): an untouched form takes it and says so; an edited one shows the 412's
  // conflict view at once (the same situation, seen earlier).
  useClientChanges(clientId, (event) => {
    const known = conflict?.version ?? base?.version;
    if (!base || saving.current || (known !== null && known !== undefined && event.version <= known)) return;
    if (edited) {
      setConflict({ client: event.client, version: event.version, kind: event.kind, changedBy: event.by, changedAt: event.at });
      setLiveNote(undefined);
    } else if (event.client) {
      setBase({ client: event.client, version: event.version });
      setFormGeneration((generation) => generation + 1);
      setLiveNote(`Updated by ${event.by} just now.`);
    } else {
      setLiveNote(event.kind === 'erased' ? `${event.by} erased this client.` : `${event.by} deleted this client.`);
    }
  });
  const theirs = useMemo(() => (conflict?.client ? toFormValues(conflict.client) : undefined), [conflict]);
  const client = base?.client;
  // The form opens on what it was opened at; a decision's on the values the change was made against.
  const formValues = decided?.kind === 'update' && decided.update.opened ? decided.update.opened : client && toFormValues(client);

  if (updateClient.isSuccess || (waitingSave && updateClient.isPending)) {
    return (
      <div className="page page--narrow">
        <ClientSavedMessage message={updateClient.isSuccess ? 'Client updated successfully!' : SAVED_ON_THIS_DEVICE} />
      </div>
    );
  }

  const save = async (input: ClientFormValues) => {
    let version = conflict ? conflict.version : (base?.version ?? null);
    saving.current = true;
    try {
      // "Restore and save my changes": the client comes back first, then takes the form over its restored version.
      if (conflict && !conflict.client && conflict.kind === 'deleted') {
        version = (await restoreClient.mutateAsync(clientId)).version;
        // Known from here on: its event, however late, is this page's own.
        if (version !== null) setConflict({ ...conflict, version });
      }
      const update: ClientUpdate = { clientId, input, version, opened: formValues, account: currentLogin()?.account };
      supersede(queryClient, clientId, 'waiting');
      const result = await sentOrWaiting(queryClient, update, () => updateClient.mutateAsync(update));
      supersede(queryClient, clientId, 'decided');
      setWaitingSave(result === 'waiting');
    } catch (error) {
      const met = conflictOf(error);
      if (met) setConflict(met);
      throw error;
    } finally {
      saving.current = false;
    }
  };

  const takeTheirs = () => {
    if (!conflict?.client) return;
    const stored = { client: conflict.client, version: conflict.version };
    queryClient.setQueryData(clientKeys.detail(clientId), stored);
    setBase(stored);
    setConflict(undefined);
    // A change that waited offline and met this one is settled: theirs stands.
    supersede(queryClient, clientId, 'decided');
    // A fresh form over the stored client.
    setFormGeneration((generation) => generation + 1);
  };

  const remove = (version: number | null, deleted: Client) => {
    const deletion = { clientId, version, account: currentLogin()?.account };
    supersede(queryClient, clientId, 'waiting');
    sentOrWaiting(queryClient, deletion, () => deleteClient.mutateAsync(deletion)).then(
      (result) => {
        supersede(queryClient, clientId, 'decided');
        setDeleteConflict(undefined);
        // Deleting is leaving on purpose: unsaved changes to this client do not matter now.
        void navigate({ to: '/clients', search: lastListView(), ignoreBlocker: true });
        // Undo once the server has it; one waiting offline is marked in the list instead.
        if (result === 'sent') noticeDeleted(queryClient, deleted);
      },
      (error: unknown) => {
        const met = conflictOf(error);
        // The second question takes the first one's place (a new Delete button has none open).
        if (met?.client) {
          setDeleteConflict(met);
          setDeleteRound((round) => round + 1);
        }
        // Already deleted or erased by a colleague: what was asked is done.
        else if (met) void navigate({ to: '/clients', search: lastListView(), ignoreBlocker: true });
      },
    );
  };

  const formId = clientFormId('edit');
  return (
    <div className="page page--narrow">
      <EditClientCard>
        {liveNote && !conflict && (
          <p className="form__note" role="status">
            {liveNote}
          </p>
        )}
        {conflict && <EditConflict conflict={conflict} formId={formId} onUseTheirs={takeTheirs} />}
        <ClientForm
          key={client ? `${client._id}-${formGeneration}-${decided?.mutation.mutationId ?? ''}` : 'no-client'}
          idPrefix="edit"
          defaultValues={formValues ?? emptyClientFormValues}
          typed={decided?.kind === 'update' ? decided.update.input : undefined}
          submitLabel="Update"
          disabled={!client}
          pending={updateClient.isPending || restoreClient.isPending}
          onSubmit={save}
          client={client}
          theirs={theirs}
          onEditedChange={setEdited}
        >
          <DeleteClientButton
            key={deleteRound}
            pending={deleteClient.isPending}
            onConfirm={() => client && remove(base?.version ?? null, client)}
          />
        </ClientForm>
        {deleteConflict?.client && (
          <ConfirmDialog
            question={`This client was changed by ${deleteConflict.changedBy} since you opened it. Delete anyway?`}
            confirmLabel="Yes"
            cancelLabel="No"
            danger
            pending={deleteClient.isPending}
            onConfirm={() => deleteConflict.client && remove(deleteConflict.version, deleteConflict.client)}
            onCancel={() => {
              setDeleteConflict(undefined);
              // No: the client stays; a deletion that waited offline for this answer is dropped.
              supersede(queryClient, clientId, 'decided');
            }}
          />
        )}
      </EditClientCard>
      {client && <ClientData client={client} />}
    </div>
  );
}

/** Below the form: what is held about the client (GDPR articles 15, 17 and 20): its history, export and erasure. */
function ClientData({ client }: { client: Client }) {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const exportData = () => {
    setExporting(true);
    setExportFailed(false);
    downloadClientExport(client._id)
      .catch(() => setExportFailed(true))
      .finally(() => setExporting(false));
  };
  return (
    <>
      <div className="client-data">
        <button type="button" className="button button--small" onClick={exportData} disabled={exporting}>
          Export data
        </button>
        <EraseClientButton
          client={client}
          onErased={() => void navigate({ to: '/clients', search: lastListView(), ignoreBlocker: true })}
        />
        {exportFailed && (
          <p className="form__error" role="alert">
            The data could not be exported. Try again.
          </p>
        )}
      </div>
      <ClientHistory clientId={client._id} />
    </>
  );
}

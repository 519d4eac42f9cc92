import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Client } from '#contract/api';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { VersionedClient } from '../api/client-queries.ts';
import { useEditClient } from '../hooks/use-edit-client.ts';
import { noticeDeleted } from '../utils/client-notices.ts';
import { lastListView } from '../utils/last-list-view.ts';
import { ClientData } from './client-data.tsx';
import type { HistoryEntryDetails } from './client-history.tsx';
import { emptyClientFormValues } from '../utils/client-fields.ts';
import { ClientForm, clientFormId } from './client-form.tsx';
import { ClientSavedMessage, SAVED_ON_THIS_DEVICE } from './client-saved-message.tsx';
import { DeleteClientButton } from './delete-client-button.tsx';
import { EditClientCard } from './edit-client-card.tsx';
import { EditConflict } from './edit-conflict.tsx';

const formId = clientFormId('edit');

type EditClientPageProps = {
  clientId: string;
  opened?: VersionedClient;
  owner: boolean;
  /** What the route shows under an entry of the client's history (client-history.tsx's slot). */
  historyEntryDetails?: HistoryEntryDetails;
};

/**
 * The edit form, with what several staff need (use-edit-client.ts): a colleague's change since it was opened is shown
 * (EditConflict, the delete's second question), never overwritten unseen. Without a client (its load failed) the form
 * stays empty and disabled. `owner`: the owner's controls show (issue 28); false while the role is not known.
 */
export function EditClientPage({ clientId, opened, owner, historyEntryDetails }: EditClientPageProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onDeleted = (deleted?: Client) => {
    // Deleting is leaving on purpose: unsaved changes to this client do not matter now.
    void navigate({ to: '/clients', search: lastListView(), ignoreBlocker: true });
    if (deleted) noticeDeleted(queryClient, deleted);
  };
  const edit = useEditClient(clientId, opened, onDeleted);
  const { state, client, conflict } = edit;

  if (state.name === 'saved' || state.name === 'waiting-on-this-device') {
    return (
      <div className="page page--narrow">
        <ClientSavedMessage message={state.name === 'saved' ? 'Client updated successfully!' : SAVED_ON_THIS_DEVICE} />
      </div>
    );
  }
  return (
    <EditClientCard after={client && <ClientData client={client} owner={owner} historyEntryDetails={historyEntryDetails} />}>
      {state.liveNote && !conflict && (
        <p className="form__note" role="status">
          {state.liveNote}
        </p>
      )}
      {conflict && <EditConflict conflict={conflict} formId={formId} onUseTheirs={edit.takeTheirs} />}
      <ClientForm
        key={client ? state.form.revision : 'no-client'}
        idPrefix="edit"
        defaultValues={edit.formValues ?? emptyClientFormValues}
        typed={state.form.typed}
        submitLabel="Update"
        disabled={!client}
        pending={edit.saving}
        onSubmit={edit.save}
        client={client}
        theirs={edit.theirs}
        onEditedChange={edit.setEdited}
      >
        <DeleteClientButton key={state.deleteRound} pending={edit.deleting} onConfirm={edit.deleteClient} />
      </ClientForm>
      {state.name === 'delete-asking-again' && (
        <ConfirmDialog
          question={`This client was changed by ${state.deleteConflict.changedBy} since you opened it. Delete anyway?`}
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          pending={edit.deleting}
          onConfirm={edit.deleteAnyway}
          onCancel={edit.keepClient}
        />
      )}
    </EditClientCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSKEY_NAME_MAX, PasskeyName, type Passkey } from '#contract/passkeys';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, queryStatusMessage } from '../../../components/data-table.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { passkeysQuery, useAddPasskey, useAskForPasskey, useRemovePasskey } from '../api/account.ts';
import { formatWhen } from './team-parts.tsx';

const NewPasskey = z.object({ name: PasskeyName });
type NewPasskey = z.input<typeof NewPasskey>;

const PASSKEY_COLUMNS = ['Name', 'Added', 'Last used'];

/** What the browser's own dialog ended with, when it made no passkey; undefined for any other failure. */
function browserRefusal(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') {
    return 'The browser’s passkey dialog was closed before it made a passkey. The name you typed is kept: press Create passkey to try again.';
  }
  if (error.name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (error.message === 'WebAuthn is not supported in this browser') return 'This browser cannot make passkeys.';
  return undefined;
}

/** My account's "Passkeys" (issue 30): add one (a name, then the browser's dialog), remove one, ask for it after the password. */
export function PasskeysSection() {
  const passkeys = useQuery(passkeysQuery());
  const [done, setDone] = useState('');
  const rows = passkeys.data?.passkeys ?? [];
  return (
    <section className="card account-section" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p className="account-section__intro">
        A passkey signs you in with this device’s fingerprint, face or PIN instead of a password: nothing to type, nothing to steal.
      </p>
      <DataTable
        className="staff-table"
        density="roomy"
        cards
        columns={PASSKEY_COLUMNS}
        actions
        message={queryStatusMessage(passkeys, 'Your passkeys could not be loaded.') ?? (rows.length === 0 ? 'No passkey yet.' : undefined)}
      >
        {rows.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={() => setDone(`The passkey ${passkey.name} is removed.`)} />
        ))}
      </DataTable>
      <p className="account-section__result" role="status">
        {done}
      </p>
      {rows.length > 0 && passkeys.data && <AskAfterPassword on={passkeys.data.askAfterPassword} />}
      <AddPasskey onAdded={(name) => setDone(`The passkey ${name} is added.`)} onStart={() => setDone('')} />
    </section>
  );
}

function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => void }) {
  const remove = useRemovePasskey();
  const [asking, setAsking] = useState(false);
  return (
    <tr>
      <th scope="row" data-label="Name">
        {passkey.name}
      </th>
      <td data-label="Added">{formatWhen(passkey.createdAt)}</td>
      <td data-label="Last used">{formatWhen(passkey.lastUsedAt)}</td>
      <td className="staff-table__actions">
        <div className="staff-actions">
          <button
            type="button"
            className="button button--small"
            aria-label={`Remove ${passkey.name}`}
            aria-expanded={asking}
            onClick={() => {
              remove.reset();
              setAsking(true);
            }}
          >
            Remove
          </button>
          {asking && (
            <ConfirmDialog
              question={`Do you really want to remove the passkey ${passkey.name}?`}
              confirmLabel="Yes"
              cancelLabel="No"
              danger
              pending={remove.isPending}
              onConfirm={() => {
                setAsking(false);
                remove.mutate(passkey.id, { onSuccess: onRemoved });
              }}
              onCancel={() => setAsking(false)}
            />
          )}
          <ActionFailure error={remove.error} failed={`Could not remove ${passkey.name}`} serverSays={isApiError} />
        </div>
      </td>
    </tr>
  );
}

function AskAfterPassword({ on }: { on: boolean }) {
  const ask = useAskForPasskey();
  const noteId = useId();
  const checked = ask.isPending ? ask.variables : on;
  return (
    <div className="form__field account-section__setting">
      <label className="form__radio">
        <input
          type="checkbox"
          checked={checked}
          disabled={ask.isPending}
          aria-describedby={noteId}
          onChange={(event) => ask.mutate(event.target.checked)}
        />
        Ask for my passkey after my password
      </label>
      <p id={noteId} className="account-section__note">
        {on
          ? 'Your password alone no longer signs you in: after it, the browser asks for your passkey.'
          : 'Your password alone signs you in.'}
      </p>
      <ActionFailure error={ask.error} failed="Could not change the setting" serverSays={isApiError} />
    </div>
  );
}

function AddPasskey({ onAdded, onStart }: { onAdded: (name: string) => void; onStart: () => void }) {
  const add = useAddPasskey();
  const [open, setOpen] = useState(false);
  const nameId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewPasskey>({ defaultValues: { name: '' }, resolver: zodResolver(NewPasskey) });

  if (!open) {
    return (
      <div className="form__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            onStart();
            setOpen(true);
          }}
        >
          Add a passkey
        </button>
      </div>
    );
  }

  const refusal = browserRefusal(add.error);
  const nameError = errors.name?.message;
  return (
    <form
      className="form account-section__add"
      noValidate
      onSubmit={handleSubmit(({ name }) => {
        onStart();
        add.mutate(name, {
          onSuccess: (passkey) => {
            reset();
            setOpen(false);
            onAdded(passkey.name);
          },
        });
      })}
    >
      <div className="form__field">
        <label htmlFor={nameId}>Passkey name</label>
        <input
          id={nameId}
          type="text"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          placeholder="Front desk PC"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : `${nameId}-hint`}
          autoFocus
          {...register('name')}
        />
        {nameError ? (
          <p id={`${nameId}-error`} className="form__error" role="alert">
            {nameError}
          </p>
        ) : (
          <p id={`${nameId}-hint`} className="account-section__note">
            Where this passkey is kept, e.g. Front desk PC.
          </p>
        )}
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          Create passkey
        </button>
        <button
          type="button"
          className="button"
          disabled={add.isPending}
          onClick={() => {
            add.reset();
            reset();
            setOpen(false);
          }}
        >
          Cancel
        </button>
      </div>
      {refusal ? (
        <p className="form__error" role="alert">
          {refusal}
        </p>
      ) : (
        <ActionFailure error={add.error} failed="Could not add the passkey" serverSays={isApiError} />
      )}
    </form>
  );
}

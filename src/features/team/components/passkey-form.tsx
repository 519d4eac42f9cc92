import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSKEY_NAME_MAX, PasskeyName } from '#contract/passkeys';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { useAddPasskey } from '../api/account.ts';

const NewPasskey = z.object({ name: PasskeyName });
type NewPasskey = z.input<typeof NewPasskey>;

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

type PasskeyFormProps = {
  onStart: () => void;
  onAdded: (name: string) => void;
  /** Once the passkey is made, or on Cancel: the form goes, and with it what was typed. */
  onClose: () => void;
};

/** A new passkey's name, then the browser's dialog that makes it (issue 30). */
export function PasskeyForm({ onStart, onAdded, onClose }: PasskeyFormProps) {
  const add = useAddPasskey();
  const nameId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasskey>({ defaultValues: { name: '' }, resolver: zodResolver(NewPasskey) });
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
            onClose();
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
        <button type="button" className="button" disabled={add.isPending} onClick={onClose}>
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

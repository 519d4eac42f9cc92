import { useQueryClient } from '@tanstack/react-query';
import { useBlocker, useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { ClientInput, type Client, type ClientInputBody } from '#contract/api';
import { emailKey } from '#contract/text';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isUnauthorized } from '../../../lib/api-errors.ts';
import { setLeaveGuard } from '../../../lib/leave-guard.ts';
import { clientQueries } from '../api/client-queries.ts';
import { readDraft, removeDraft, saveDraft } from '../utils/form-drafts.ts';

export type ClientFormValues = ClientInputBody;

const FIELDS = [
  { name: 'firstName', label: 'First name', type: 'text' },
  { name: 'lastName', label: 'Last name', type: 'text' },
  // The browser's own email input type.
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'registrationDateTime', label: 'Registration date and time', type: 'datetime-local' },
] as const satisfies ReadonlyArray<{ name: keyof ClientFormValues; label: string; type: string }>;

export const emptyClientFormValues: ClientFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  registrationDateTime: '',
};

function hasEmptyField(values: ClientFormValues): boolean {
  return Object.values(values).some((value) => value.trim() === '');
}

type ClientFormProps = {
  idPrefix: string;
  defaultValues: ClientFormValues;
  submitLabel: string;
  /** Saves; settles when the server has responded. */
  onSubmit: (values: ClientFormValues) => Promise<unknown>;
  pending: boolean;
  /** The client being edited: its own email is no reason to ask. */
  client?: Client;
  /** Register's rule: any empty field gets the alert and nothing is sent. */
  alertOnEmptyFields?: boolean;
  disabled?: boolean;
  /** More actions beside the submit button (the edit form's Delete). */
  children?: ReactNode;
  /**
   * A colleague's values, saved while this form was open (a 412). Fields not changed here take them; a field both
   * changed keeps what was typed and shows theirs beside it.
   */
  theirs?: ClientFormValues;
  /**
   * Values typed before and not saved, put over `defaultValues` as the user's own changes (a change made offline that
   * met a colleague's: the form opens as it was left, beside `theirs`).
   */
  typed?: ClientFormValues;
  /** Told whether the form holds changes not saved (the edit page: a colleague's change then is a conflict). */
  onEditedChange?: (edited: boolean) => void;
};

/** The id of the form element, for a submit button outside it (the edit page's "Keep my changes"). */
export function clientFormId(idPrefix: string): string {
  return `${idPrefix}-form`;
}

/** A value as the note beside a field shows it: the date and time in the list's 16-character form. */
function shownValue(name: keyof ClientFormValues, value: string): string {
  return name === 'registrationDateTime' ? value.replace('T', ' ') : value;
}

/** The four client fields, shared by the register and edit forms. */
export function ClientForm({
  idPrefix,
  defaultValues,
  submitLabel,
  onSubmit,
  pending,
  client,
  alertOnEmptyFields = false,
  disabled = false,
  children,
  theirs,
  typed: typedBefore,
  onEditedChange,
}: ClientFormProps) {
  const page = useLocation({ select: (location) => location.pathname });
  const form = useForm<ClientFormValues>({
    defaultValues,
    // Checked with the API contract; sent raw, as typed (the datetime-local value, SPEC.md section 7).
    resolver: zodResolver(ClientInput, undefined, { raw: true }),
  });
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    control,
    formState: { errors, isDirty },
  } = form;
  const opened = useTypedAndTheirs(form, defaultValues, typedBefore, theirs);
  useEffect(() => onEditedChange?.(isDirty), [isDirty, onEditedChange]);
  const typed = useWatch({ control });
  const restored = useRestoredDraft(page, setValue, disabled);
  const leaveQuestion = useLeaveQuestion(isDirty, {
    onLeave: () => removeDraft(page),
    // Another request found the session ended (a refetch, the connection coming back): kept as a save keeps it.
    onSessionEnd: () => saveDraft(page, form.getValues()),
  });
  const [askDuplicate, duplicateQuestion] = useDuplicateEmailQuestion(client);

  const save = async (values: ClientFormValues) => {
    // Kept before anything is sent: if the server says the session has ended, on this or on
    // the list read below, what was typed is waiting here after the next login.
    saveDraft(page, values);
    try {
      if (!(await askDuplicate(values.email))) return removeDraft(page);
      await onSubmit(values);
      removeDraft(page);
    } catch (error) {
      if (!isUnauthorized(error)) removeDraft(page);
    }
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    if (alertOnEmptyFields && hasEmptyField(getValues())) {
      event.preventDefault();
      window.alert('Please fill in all fields');
      return;
    }
    void handleSubmit(save)(event);
  };

  return (
    <form id={clientFormId(idPrefix)} className="form" onSubmit={submit} aria-busy={pending}>
      {restored && (
        <p className="form__note" role="status">
          What you typed before your session ended is back. Check it, then press {submitLabel}.
        </p>
      )}
      {leaveQuestion}
      {duplicateQuestion}
      <fieldset className="form__fieldset" disabled={disabled}>
        {FIELDS.map(({ name, label, type }) => (
          <ClientFormField
            key={name}
            id={`${idPrefix}-${name}`}
            label={label}
            type={type}
            error={errors[name]?.message}
            // Both changed it: the colleague (theirs differs from what the form opened with) and the user (typed differs).
            their={theirs && theirs[name] !== opened[name] && typed[name] !== theirs[name] ? shownValue(name, theirs[name]) : undefined}
            input={register(name)}
          />
        ))}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {submitLabel}
          </button>
          {children}
        </div>
      </fieldset>
    </form>
  );
}

type ClientFormFieldProps = {
  id: string;
  label: string;
  type: string;
  error?: string;
  /** A colleague's value, when both changed the field (a 412). */
  their?: string;
  input: UseFormRegisterReturn;
};

/** One field, with its error and a colleague's value beside it. */
function ClientFormField({ id, label, type, error, their, input }: ClientFormFieldProps) {
  const describedBy = [error && `${id}-error`, their !== undefined && `${id}-theirs`].filter(Boolean).join(' ');
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {their !== undefined && (
        <p id={`${id}-theirs`} className="form__theirs">
          Their value: {their}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Puts the values typed before over those the form opened with (`defaultValues`), as the user's changes, then a
 * colleague's (`theirs`) on the fields not changed here. Returns the values the form opened with.
 */
function useTypedAndTheirs(
  { setValue, reset }: UseFormReturn<ClientFormValues>,
  defaultValues: ClientFormValues,
  typedBefore: ClientFormValues | undefined,
  theirs: ClientFormValues | undefined,
): ClientFormValues {
  const [opened] = useState(defaultValues);
  // Before `theirs` below: a field typed here keeps what was typed.
  useEffect(() => {
    if (!typedBefore) return;
    for (const { name } of FIELDS) {
      if (typedBefore[name] !== opened[name]) setValue(name, typedBefore[name], { shouldDirty: true });
    }
  }, [typedBefore, opened, setValue]);
  useEffect(() => {
    if (theirs) reset(theirs, { keepDirtyValues: true });
  }, [theirs, reset]);
  return opened;
}

/** Puts back the draft kept for this page, as changes (so leaving asks). True when it did. */
function useRestoredDraft(
  page: string,
  setValue: (name: keyof ClientFormValues, value: string, options: { shouldDirty: boolean }) => void,
  disabled: boolean,
): boolean {
  const [draft] = useState(() => (disabled ? undefined : readDraft(page)));
  useEffect(() => {
    if (!draft) return;
    for (const [name, value] of Object.entries(draft)) setValue(name as keyof ClientFormValues, value, { shouldDirty: true });
  }, [draft, setValue]);
  return draft !== undefined;
}

/**
 * While the form has unsaved changes, leaving it asks first: a link, Back or Sign Out get the
 * question on the page, reloading or closing the tab the browser's own.
 */
function useLeaveQuestion(unsaved: boolean, handlers: { onLeave: () => void; onSessionEnd: () => void }): ReactNode {
  const [answer, setAnswer] = useState<((leave: boolean) => void) | undefined>();
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) =>
        setAnswer(() => (leave: boolean) => {
          setAnswer(undefined);
          if (leave) handlersRef.current.onLeave();
          resolve(leave);
        }),
      ),
    [],
  );
  const shouldBlockFn = useCallback(async () => !(await ask()), [ask]);
  useBlocker({ shouldBlockFn, enableBeforeUnload: unsaved, disabled: !unsaved });
  useEffect(() => (unsaved ? setLeaveGuard(ask, () => handlersRef.current.onSessionEnd()) : undefined), [unsaved, ask]);

  return (
    answer && (
      <ConfirmDialog
        question="You have unsaved changes. Leave this page?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    )
  );
}

/**
 * Before saving an email another client already has (trimmed, any case), asks whether to save
 * anyway: families share addresses, so it is a question, not a refusal. The client's own,
 * unchanged email is not asked about again.
 */
function useDuplicateEmailQuestion(client: Client | undefined): [(email: string) => Promise<boolean>, ReactNode] {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ other: Client; answer: (save: boolean) => void } | undefined>();
  const ask = async (email: string): Promise<boolean> => {
    const wanted = emailKey(email);
    if (client && emailKey(client.email) === wanted) return true;
    const clients = await queryClient.ensureQueryData(clientQueries.list());
    const other = clients.find((candidate) => candidate._id !== client?._id && emailKey(candidate.email) === wanted);
    if (!other) return true;
    return new Promise<boolean>((resolve) =>
      setPending({
        other,
        answer: (save) => {
          setPending(undefined);
          resolve(save);
        },
      }),
    );
  };
  const question = pending && (
    <ConfirmDialog
      question={`A client with this email already exists: ${pending.other.firstName} ${pending.other.lastName}. Save anyway?`}
      confirmLabel="Yes"
      cancelLabel="No"
      onConfirm={() => pending.answer(true)}
      onCancel={() => pending.answer(false)}
    />
  );
  return [ask, question];
}

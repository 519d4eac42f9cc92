import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { ClientInput, type Client } from '#contract/api';
import type { ClientFormValues } from '../utils/client-fields.ts';
import { removeDraft, saveDraft } from '../utils/form-drafts.ts';
import { useClientFormSubmit } from './use-client-form-submit.ts';
import { useLeaveQuestion } from './use-leave-question.tsx';
import { useRestoredDraft } from './use-restored-draft.ts';
import { useTypedAndTheirs } from './use-typed-and-theirs.ts';

export type ClientFormOptions = {
  defaultValues: ClientFormValues;
  /** Saves; settles when the server has responded. */
  onSubmit: (values: ClientFormValues) => Promise<unknown>;
  /** The client being edited: its own email is no reason to ask. */
  client?: Client;
  /** Register's rule: any empty field gets the alert and nothing is sent. */
  alertOnEmptyFields?: boolean;
  disabled?: boolean;
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

/**
 * The register and edit forms' state: react-hook-form checked with the API contract, what was typed before (a draft
 * kept when the session ended, a change that waited) and a colleague's values put in, and the questions asked before
 * leaving or saving. `theirNote(name)` is a colleague's value when both changed the field.
 */
export function useClientForm({
  defaultValues,
  onSubmit,
  client,
  alertOnEmptyFields = false,
  disabled = false,
  theirs,
  typed: typedBefore,
  onEditedChange,
}: ClientFormOptions) {
  const page = useLocation({ select: (location) => location.pathname });
  const form = useForm<ClientFormValues>({
    defaultValues,
    // Checked with the API contract; sent raw, as typed (the datetime-local value, SPEC.md section 7).
    resolver: zodResolver(ClientInput, undefined, { raw: true }),
  });
  const { isDirty } = form.formState;
  const opened = useTypedAndTheirs(form, defaultValues, typedBefore, theirs);
  useEffect(() => onEditedChange?.(isDirty), [isDirty, onEditedChange]);
  const typed = useWatch({ control: form.control });
  const restored = useRestoredDraft(page, form.setValue, disabled);
  const leaveQuestion = useLeaveQuestion(isDirty, {
    onLeave: () => removeDraft(page),
    // Another request found the session ended (a refetch, the connection coming back): kept as a save keeps it.
    onSessionEnd: () => saveDraft(page, form.getValues()),
  });
  const { submit, duplicateQuestion } = useClientFormSubmit(form, { page, client, onSubmit, alertOnEmptyFields });
  // Both changed it: the colleague (theirs differs from what the form opened with) and the user (typed differs).
  const theirValue = (name: keyof ClientFormValues) =>
    theirs && theirs[name] !== opened[name] && typed[name] !== theirs[name] ? theirs[name] : undefined;
  return { form, restored, leaveQuestion, duplicateQuestion, submit, theirValue };
}

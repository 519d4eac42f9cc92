import type { FormEvent, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Client } from '#contract/api';
import { isUnauthorized } from '../../../lib/api-errors.ts';
import type { ClientFormValues } from '../utils/client-fields.ts';
import { removeDraft, saveDraft } from '../utils/form-drafts.ts';
import { useDuplicateEmailQuestion } from './use-duplicate-email-question.tsx';

type SubmitOptions = {
  /** The page's path: its draft's key. */
  page: string;
  /** The client being edited: its own email is no reason to ask. */
  client?: Client;
  onSubmit: (values: ClientFormValues) => Promise<unknown>;
  /** Register's rule: any empty field gets the alert and nothing is sent. */
  alertOnEmptyFields: boolean;
};

function hasEmptyField(values: ClientFormValues): boolean {
  return Object.values(values).some((value) => value.trim() === '');
}

/**
 * What pressing the form's submit button does: the empty fields' alert (register), a draft kept until the server has
 * answered, and the question about an email another client has. Returns the form's submit handler and that question.
 */
export function useClientFormSubmit(
  { handleSubmit, getValues }: UseFormReturn<ClientFormValues>,
  { page, client, onSubmit, alertOnEmptyFields }: SubmitOptions,
): { submit: (event: FormEvent<HTMLFormElement>) => void; duplicateQuestion: ReactNode } {
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (alertOnEmptyFields && hasEmptyField(getValues())) {
      event.preventDefault();
      window.alert('Please fill in all fields');
      return;
    }
    void handleSubmit(save)(event);
  };

  return { submit, duplicateQuestion };
}

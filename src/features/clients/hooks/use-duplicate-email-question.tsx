import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Client } from '#contract/api';
import { emailKey } from '#contract/text';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { clientQueries } from '../api/client-queries.ts';

/**
 * Before saving an email another client already has (trimmed, any case), asks whether to save
 * anyway: families share addresses, so it is a question, not a refusal. The client's own,
 * unchanged email is not asked about again.
 */
export function useDuplicateEmailQuestion(client: Client | undefined): [(email: string) => Promise<boolean>, ReactNode] {
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

import { useState } from 'react';
import type { Service } from '#contract/book';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { useRemoveService } from '../api/services.ts';

/** A service's "Remove": it asks Yes / No first; a removed service is no longer offered and stays on its appointments. */
export function RemoveService({ service, onRemoved }: { service: Service; onRemoved: () => void }) {
  const remove = useRemoveService(service.id);
  const [asking, setAsking] = useState(false);
  const { name } = service;
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={`Remove ${name}`}
        aria-expanded={asking}
        disabled={remove.isPending}
        onClick={() => {
          remove.reset();
          setAsking(true);
        }}
      >
        Remove
      </button>
      {asking && (
        <ConfirmDialog
          question={`Remove ${name}? It is no longer offered, and stays on the appointments that name it.`}
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          onConfirm={() => {
            setAsking(false);
            // Awaited, not mutate's callback: the row is gone (unmounted) once the list is asked again.
            void remove.mutateAsync().then(
              onRemoved,
              // A failure is said here (remove.error).
              () => undefined,
            );
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      <ActionFailure error={remove.error} failed={`Could not remove ${name}`} serverSays={isApiError} />
    </>
  );
}

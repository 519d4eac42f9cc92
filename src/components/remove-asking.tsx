import { useState } from 'react';
import { isApiError } from '../lib/api-errors.ts';
import { ActionFailure } from './action-failure.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** What a removal's mutation tells of itself. */
type Removal = { reset(): void; isPending: boolean; error: Error | null };

/**
 * "Remove" (named "Remove {name}"), which asks `question` with Yes / No first and on Yes calls `onConfirm`; while it
 * runs the button waits, and a failure is said under it ("Could not remove {name}", and the server's reason).
 */
export function RemoveAsking({
  name,
  question,
  removal,
  onConfirm,
}: {
  name: string;
  question: string;
  removal: Removal;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={`Remove ${name}`}
        aria-expanded={asking}
        disabled={removal.isPending}
        onClick={() => {
          removal.reset();
          setAsking(true);
        }}
      >
        Remove
      </button>
      {asking && (
        <ConfirmDialog
          question={question}
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          onConfirm={() => {
            setAsking(false);
            onConfirm();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      <ActionFailure error={removal.error} failed={`Could not remove ${name}`} serverSays={isApiError} />
    </>
  );
}

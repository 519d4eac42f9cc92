import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

type DeleteClientButtonProps = {
  onConfirm: () => void;
  pending: boolean;
};

/**
 * Delete with its question: hidden by default, shown by Delete,
 * hidden again by No (or Escape); Yes confirms.
 */
export function DeleteClientButton({ onConfirm, pending }: DeleteClientButtonProps) {
  const [asking, setAsking] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // Focus goes back to Delete when the question closes.
  useEffect(() => {
    if (!asking && wasAsking.current) deleteButton.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  return (
    <>
      <button ref={deleteButton} type="button" className="button button--danger" aria-expanded={asking} onClick={() => setAsking(true)}>
        Delete
      </button>
      {asking && (
        <ConfirmDialog
          question="Do you really want to delete this client?"
          confirmLabel="Yes"
          cancelLabel="No"
          danger
          pending={pending}
          onConfirm={onConfirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

import { useEffect, useId, useRef, useState } from 'react';

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
  const questionId = useId();
  const noButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // Focus goes to the safe answer when the question opens, and back to Delete when it closes.
  useEffect(() => {
    if (asking) noButton.current?.focus();
    else if (wasAsking.current) deleteButton.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  return (
    <>
      <button
        ref={deleteButton}
        type="button"
        className="button button--danger"
        aria-expanded={asking}
        onClick={() => setAsking(true)}
      >
        Delete
      </button>
      {asking && (
        <div
          className="confirm"
          role="alertdialog"
          aria-labelledby={questionId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setAsking(false);
          }}
        >
          <p id={questionId} className="confirm__question">
            Do you really want to delete this client?
          </p>
          <div className="confirm__actions">
            <button type="button" className="button button--danger" onClick={onConfirm} disabled={pending}>
              Yes
            </button>
            <button ref={noButton} type="button" className="button" onClick={() => setAsking(false)}>
              No
            </button>
          </div>
        </div>
      )}
    </>
  );
}

import { useEffect, useId, useRef } from 'react';

type ConfirmDialogProps = {
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Confirming destroys something (Delete's Yes): the confirm button is drawn as a danger button. */
  danger?: boolean;
  pending?: boolean;
};

/**
 * A question the user answers before anything happens (delete this client? leave with unsaved
 * changes? save a second client with this email?). Focus goes to the safe answer when it
 * appears; Escape answers it too.
 */
export function ConfirmDialog({
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger = false,
  pending = false,
}: ConfirmDialogProps) {
  const questionId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelButton.current?.focus(), []);

  return (
    <div
      className={danger ? 'confirm confirm--danger' : 'confirm'}
      role="alertdialog"
      aria-labelledby={questionId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id={questionId} className="confirm__question">
        {question}
      </p>
      <div className="confirm__actions">
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button button--primary'}
          onClick={onConfirm}
          disabled={pending}
        >
          {confirmLabel}
        </button>
        <button ref={cancelButton} type="button" className="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}

import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { setLeaveGuard } from '../../../lib/leave-guard.ts';

/**
 * While the form has unsaved changes, leaving it asks first: a link, Back or Sign Out get the
 * question on the page, reloading or closing the tab the browser's own.
 */
export function useLeaveQuestion(unsaved: boolean, handlers: { onLeave: () => void; onSessionEnd: () => void }): ReactNode {
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

// Asks the form with unsaved changes, if one is on screen, before something leaves it that the router cannot
// stop first (Sign Out ends the session before it navigates); and has it keep what was typed when the session ends,
// however the app found out (its own save, or any other request's 401).
type AskToLeave = () => Promise<boolean>;
type Guard = { ask: AskToLeave; keep: () => void };

let current: Guard | undefined;

/** Registers the question, and what keeps the typed values for after the next login; returns what unregisters them. */
export function setLeaveGuard(ask: AskToLeave, keep: () => void): () => void {
  const guard = { ask, keep };
  current = guard;
  return () => {
    if (current === guard) current = undefined;
  };
}

/** True when nothing would be lost, or the user chose to leave anyway. */
export function confirmLeaving(): Promise<boolean> {
  return current ? current.ask() : Promise.resolve(true);
}

/** The session has ended: the form on screen keeps what was typed (its draft), to be put back after the next login. */
export function keepTypedWork(): void {
  current?.keep();
}

// Asks the form with unsaved changes, if one is on screen, before something leaves it that the router cannot
// stop first (Sign Out ends the session before it navigates).
type AskToLeave = () => Promise<boolean>;

let current: AskToLeave | undefined;

/** Registers the question; returns what unregisters it. */
export function setLeaveGuard(ask: AskToLeave): () => void {
  current = ask;
  return () => {
    if (current === ask) current = undefined;
  };
}

/** True when nothing would be lost, or the user chose to leave anyway. */
export function confirmLeaving(): Promise<boolean> {
  return current ? current() : Promise.resolve(true);
}

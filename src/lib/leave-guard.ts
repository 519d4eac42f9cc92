/**
 * The form with unsaved changes on screen, if any, is asked here before something leaves it
 * without a navigation the router could stop first (Sign Out ends the session before it goes to /).
 */
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

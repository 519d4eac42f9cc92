import { useEffect, useRef, useState } from 'react';
import type { Hold, NewHold } from '#contract/online-booking';
import { holdTime, releaseHold } from '../api/holds.ts';

/** The time the visitor chose, as the server holds it for them. */
export type HeldTime = { status: 'none' } | { status: 'holding' } | { status: 'held'; hold: Hold } | { status: 'failed'; error: unknown };

/**
 * Choosing a time holds it for the visitor (POST); choosing another, or none, lets the previous one go (DELETE), also
 * when its answer comes after the next choice. `onFailed`: the hold was refused (a 409: the time was just taken).
 */
export function useHeldTime(onFailed: (error: unknown) => void) {
  const [state, setState] = useState<HeldTime>({ status: 'none' });
  /** The latest choice's hold, once answered: null when none or refused. */
  const latest = useRef<Promise<Hold | null>>(Promise.resolve(null));
  const choices = useRef(0);

  const choose = (wanted: NewHold | null) => {
    const choice = ++choices.current;
    void latest.current.then((previous) => previous && releaseHold(previous.token));
    if (!wanted) {
      latest.current = Promise.resolve(null);
      setState({ status: 'none' });
      return;
    }
    setState({ status: 'holding' });
    latest.current = holdTime(wanted).then(
      (hold) => {
        // Another time was chosen meanwhile: this one is let go at once.
        if (choice !== choices.current) {
          releaseHold(hold.token);
          return null;
        }
        setState({ status: 'held', hold });
        return hold;
      },
      (error: unknown) => {
        if (choice === choices.current) {
          setState({ status: 'failed', error });
          onFailed(error);
        }
        return null;
      },
    );
  };

  /** Booked: the hold became the appointment, nothing to let go. */
  const forget = () => {
    choices.current += 1;
    latest.current = Promise.resolve(null);
    setState({ status: 'none' });
  };

  // Leaving the page lets the time go.
  useEffect(() => {
    const held = latest;
    return () => void held.current.then((hold) => hold && releaseHold(hold.token));
  }, []);

  return { state, choose, forget, current: () => latest.current };
}

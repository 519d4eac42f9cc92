import { bookTexts } from '#contract/book-texts';
import { useIsOnline } from '../../../lib/reachability.ts';

/**
 * A booking page's pending screen: offline, what it needs and the offline copy lacks waits for the connection, and
 * the page says so (`text`, by default that booking needs the connection); online, nothing while it loads.
 */
export function BookingOfflineNote({ text = bookTexts.needsConnection }: { text?: string }) {
  return useIsOnline() ? null : (
    <div className="page page--narrow">
      <p className="form__note" role="status">
        {text}
      </p>
    </div>
  );
}

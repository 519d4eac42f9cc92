/**
 * The staff pages' live updates (issue 19), loaded only once someone is logged in (its zod stays off the landing
 * page): the tab's stream while mounted, and "Reconnecting…" while it has been down for 5 s.
 */
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { connectLiveUpdates } from './connection.ts';
import { useReconnecting } from './live-store.ts';
import './live-updates.css';

export default function LiveUpdates({ onUnauthorized }: { onUnauthorized: () => void }) {
  const queryClient = useQueryClient();
  useEffect(() => connectLiveUpdates({ queryClient, onUnauthorized }), [queryClient, onUnauthorized]);
  const reconnecting = useReconnecting();
  // Offline, the offline banner says it all (features/offline).
  const online = useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
  // Always in the page, so that screen readers announce the text when it appears.
  return (
    <p className="live-status" role="status">
      {reconnecting && online ? 'Reconnecting…' : ''}
    </p>
  );
}

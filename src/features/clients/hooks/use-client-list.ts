import { useEffect, useMemo } from 'react';
import type { Client } from '#contract/api';
import { useWaitingChanges } from '../../../lib/waiting-changes/client-changes.ts';
import { createClientListView } from '../utils/client-list-view.ts';
import type { ClientListView } from '../utils/list-view-search.ts';
import { withWaitingChanges } from '../utils/waiting-rows.ts';

/**
 * The list as this device has it (`clients`: the changes made offline and not sent yet show in their rows, `marks`
 * says which), and the rows of `view` (`shown`: searched and sorted).
 */
export function useClientList(loaded: readonly Client[], view: ClientListView) {
  const waitingChanges = useWaitingChanges();
  const { clients, marks } = useMemo(() => withWaitingChanges(loaded, waitingChanges), [loaded, waitingChanges]);
  const listView = useMemo(() => createClientListView(clients), [clients]);
  useEffect(() => listView.prepareSearch(), [listView]);
  const { q, sort, dir } = view;
  const shown = useMemo(() => listView.view({ q, sort, dir }), [listView, q, sort, dir]);
  return { clients, marks, shown };
}

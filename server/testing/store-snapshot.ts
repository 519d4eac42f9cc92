/**
 * What the API shows of the store, read through its own routes: the list, "Recently deleted" and every one of their
 * clients' histories. The property tests of an import and a merge compare it before and after the undo.
 */
import type { Client, ClientChange, DeletedClient } from '#contract/api';
import { asStaff, type LoggedInApp } from './test-app.ts';

export type StoreSnapshot = { list: Client[]; deleted: DeletedClient[]; histories: Map<string, ClientChange[]> };

export async function storeSnapshot(test: LoggedInApp): Promise<StoreSnapshot> {
  const list = (await asStaff(test, 'GET', '/api/clients')).json<Client[]>();
  const deleted = (await asStaff(test, 'GET', '/api/deleted-clients')).json<DeletedClient[]>();
  const histories = new Map<string, ClientChange[]>();
  for (const { _id } of [...list, ...deleted]) {
    histories.set(_id, (await asStaff(test, 'GET', `/api/clients/${_id}/history`)).json<ClientChange[]>());
  }
  return { list, deleted, histories };
}

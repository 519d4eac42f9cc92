/** The client store (the read model and the writes that invalidate it), shared by the routes. */
import fp from 'fastify-plugin';
import { createClientStore, type ClientStore } from '../clients/client-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    clientStore: ClientStore;
  }
}

export const clientStorePlugin = fp<{ clock: () => number }>(
  async (app, { clock }) => {
    app.decorate('clientStore', createClientStore(app.db, app.dbEngine, clock));
  },
  { name: 'client-store', dependencies: ['database'] },
);

/**
 * The clients as the routes see them: reads from the read model, writes through the
 * repository. Each write invalidates the read model right after it commits, in the same call,
 * so no route can write and forget it.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Client, ClientInput } from '#contract/api';
import type { DatabaseEngine } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';
import { createClientsRepository } from '../repositories/clients.ts';
import { createClientsReadModel } from './read-model.ts';

/** Opaque, unguessable ids (128 random bits), within the contract's ClientId pattern. */
export function generateClientId(): string {
  return randomBytes(16).toString('base64url');
}

export function createClientStore(db: Kysely<Database>, engine: DatabaseEngine, clock: () => number = Date.now) {
  const clients = createClientsRepository(db);
  const readModel = createClientsReadModel(clients, engine);

  async function write<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      // Also after a failure: whether it committed is then unknown, and a rebuild is cheap.
      readModel.invalidate();
    }
  }

  return {
    list: readModel.list,
    client: readModel.client,

    create(input: ClientInput): Promise<Client> {
      return write(() => clients.insert(generateClientId(), input, new Date(clock())));
    },

    update(id: string, input: ClientInput): Promise<Client | undefined> {
      return write(() => clients.update(id, input, new Date(clock())));
    },

    remove(id: string): Promise<boolean> {
      return write(() => clients.delete(id));
    },
  };
}

export type ClientStore = ReturnType<typeof createClientStore>;

/**
 * The clients as the routes see them: the repository for rows, the list cache for
 * GET /api/clients. Every write goes through here, and each one invalidates the cached list
 * right after it commits, in the same call, so no route can write and forget the cache.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Client, ClientInput } from '../../contract/api.ts';
import { otherCommits } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { createClientsRepository } from '../repositories/clients.ts';
import { ClientListCache, SerializedListBuilder, type SerializedList } from './client-list-cache.ts';

/** Opaque, unguessable ids (128 random bits), within the contract's ClientId pattern. */
export function generateClientId(): string {
  return randomBytes(16).toString('base64url');
}

export function createClientStore(db: Kysely<Database>, clock: () => number = Date.now) {
  const clients = createClientsRepository(db);
  // The list is written straight from SQLite's JSON into one Buffer of the right size.
  const listCache = new ClientListCache(async () => {
    let builder = new SerializedListBuilder();
    await clients.forEachJson(
      (size) => (builder = new SerializedListBuilder(size.bytes, size.clients)),
      (json) => builder.addJson(json),
    );
    return builder.finish();
  });
  // What another process commits (a second server, the CLI, `npm run seed`) may change the list.
  otherCommits(db).onCommit(() => listCache.invalidate());

  async function write<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      // Also after a failure: whether it committed is then unknown, and a rebuild is cheap.
      listCache.invalidate();
    }
  }

  return {
    /** The whole list, serialised, with its ETag. */
    list(): Promise<SerializedList> {
      return listCache.get();
    },

    /**
     * The cached list while it is current (no write since it was built) and indexed, without
     * loading it. Its `client(id)` answers GET /api/clients/:id with no query and no serialisation.
     */
    currentList(): SerializedList | undefined {
      const list = listCache.current();
      return list?.indexed ? list : undefined;
    },

    /** The JSON of one client, ready to send, read from the database. */
    async findJson(id: string): Promise<Buffer | undefined> {
      const client = await clients.findById(id);
      return client && Buffer.from(JSON.stringify(client));
    },

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

/**
 * What GET /api/clients sends: one Buffer per version of the list and its codings, never older than the database
 * (docs/decisions/002-clients-read-model.md); and the clients GET /api/clients/:id read lately, with their versions
 * (decision 013). Both are dropped at every commit, this process's or another's, as the database's after-commit
 * signal tells (decision 022).
 */
import { createHash } from 'node:crypto';
import { Client } from '#contract/api';
import type { DatabaseEngine } from '../db/engine.ts';
import { encode, MIN_COMPRESSIBLE_BYTES, preferredEncoding, type ContentEncoding } from '../http/content-encoding.ts';
import { matchesListIfNoneMatch, type VersionedClient } from '#contract/if-match';
import type { ClientsRepository } from '../repositories/clients.ts';
import type { SerializedBody } from '../zod-type-provider.ts';

export class SerializedList {
  /** The JSON array, ready to send. */
  readonly body: SerializedBody<Client[]>;
  /** A strong validator of `body` (quoted, as sent in the ETag header). */
  readonly etag: string;
  /** How many clients it holds. */
  readonly count: number;
  readonly #encoded = new Map<ContentEncoding, Promise<SerializedBody<Client[]>>>();

  constructor(body: Buffer, count: number) {
    this.body = body as SerializedBody<Client[]>;
    this.count = count;
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  }

  /** `body` compressed, made on the first call and shared by every later one. */
  encoded(encoding: ContentEncoding): Promise<SerializedBody<Client[]>> {
    let encoded = this.#encoded.get(encoding);
    if (!encoded) {
      encoded = encode(this.body, encoding, 'fast') as Promise<SerializedBody<Client[]>>;
      this.#encoded.set(encoding, encoded);
      // A failure is not remembered: the next request tries again.
      encoded.catch(() => this.#encoded.delete(encoding));
    }
    return encoded;
  }
}

/**
 * Writes a list one client at a time into one Buffer, allocated once at its final size (`expectedBytes`: the
 * clients' JSON without separators), grown only if the list grew since: peak memory stays near the response's size.
 */
export class SerializedListBuilder {
  #body: Buffer;
  #count = 0;
  /** Where the next byte goes. */
  #offset = 1;

  constructor(expectedBytes: number, expectedClients: number) {
    // '[' + the clients + a ',' between each two + ']'.
    this.#body = Buffer.allocUnsafeSlow(Math.max(64, expectedBytes + expectedClients + 2));
    this.#body[0] = 0x5b; // '['
  }

  /** Adds a client already serialised (as JSON.stringify would write it). */
  addJson(json: string): void {
    const length = Buffer.byteLength(json);
    this.#reserve(length + 2);
    if (this.#count > 0) this.#body[this.#offset++] = 0x2c; // ','
    this.#offset += this.#body.write(json, this.#offset);
    this.#count += 1;
  }

  /** Room for `bytes` more (a list that grew since its size was read, or none given). */
  #reserve(bytes: number): void {
    if (this.#offset + bytes <= this.#body.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.#body.length * 2, this.#offset + bytes));
    this.#body.copy(grown, 0, 0, this.#offset);
    this.#body = grown;
  }

  finish(): SerializedList {
    this.#reserve(1);
    this.#body[this.#offset++] = 0x5d; // ']'
    return new SerializedList(this.#body.subarray(0, this.#offset), this.#count);
  }
}

/** Where the cache gets the list: already serialised, with a SerializedListBuilder. */
export type ClientListSource = () => Promise<SerializedList>;

export class ClientListCache {
  readonly #load: ClientListSource;
  #current: SerializedList | undefined;
  #pending: Promise<SerializedList> | undefined;
  /** Bumped by every commit; a rebuild started under an older generation is not kept. */
  #generation = 0;

  constructor(load: ClientListSource) {
    this.#load = load;
  }

  /** The list as cached right now, without loading it: undefined after a commit until the next `get()`. */
  current(): SerializedList | undefined {
    return this.#current;
  }

  async get(): Promise<SerializedList> {
    if (this.#current) return this.#current;
    // Concurrent readers share one rebuild.
    this.#pending ??= this.#rebuild();
    return this.#pending;
  }

  async #rebuild(): Promise<SerializedList> {
    const generation = this.#generation;
    try {
      const list = await this.#load();
      if (generation === this.#generation) this.#current = list;
      return list;
    } finally {
      if (generation === this.#generation) this.#pending = undefined;
    }
  }

  /** Called after every commit to the clients table, this process's or another's. */
  invalidate(): void {
    this.#generation += 1;
    this.#current = undefined;
    this.#pending = undefined;
  }
}

/**
 * The ETag of the list in a content coding: each coding of the list is its own
 * representation, so it gets its own strong validator (`"abc"` → `"abc-br"`).
 */
export function encodedEtag(etag: string, encoding: ContentEncoding | undefined): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/** The list as it is now: read from the database straight into one Buffer of the right size. */
async function readList(clients: ClientsRepository, engine: DatabaseEngine): Promise<SerializedList> {
  const size = await clients.jsonSize();
  const builder = new SerializedListBuilder(size.bytes, size.clients);
  // One string per client, without a JavaScript object per row.
  await engine.forEachValue(clients.jsonListQuery(), (json) => builder.addJson(json));
  return builder.finish();
}

/** The request headers the list's response depends on. */
export type ListRequestHeaders = { 'accept-encoding'?: string | undefined; 'if-none-match'?: string | undefined };

/** GET /api/clients's response: the list in the coding the request accepts, or "not modified". */
export type ListResponse = { etag: string } & (
  { notModified: true } | { notModified: false; encoding: ContentEncoding | undefined; body: SerializedBody<Client[]> }
);

/** At most this many clients read by id are kept (the oldest read leaves first): a few hundred kilobytes. */
const CLIENTS_KEPT = 1000;

/**
 * The clients read by id since the last commit, as `find` makes them. A read that started before a commit is not
 * kept (its answer may be older than the commit).
 */
export class ClientByIdCache<T> {
  readonly #find: (id: string) => Promise<T | undefined>;
  readonly #kept = new Map<string, T>();
  #generation = 0;

  constructor(find: (id: string) => Promise<T | undefined>) {
    this.#find = find;
  }

  async get(id: string): Promise<T | undefined> {
    const kept = this.#kept.get(id);
    if (kept) return kept;
    const generation = this.#generation;
    const found = await this.#find(id);
    if (found && generation === this.#generation) {
      if (this.#kept.size >= CLIENTS_KEPT) this.#kept.delete(this.#kept.keys().next().value as string);
      this.#kept.set(id, found);
    }
    return found;
  }

  invalidate(): void {
    this.#generation += 1;
    this.#kept.clear();
  }
}

/** What GET /api/clients/:id sends: the client's JSON, checked against the contract once, and its version (the ETag). */
export type SerializedClient = { body: SerializedBody<Client>; version: number };

function serializeClient({ client, version }: VersionedClient): SerializedClient {
  return { body: Buffer.from(JSON.stringify(Client.parse(client))) as SerializedBody<Client>, version };
}

export function createClientsReadModel(clients: ClientsRepository, engine: DatabaseEngine) {
  const cache = new ClientListCache(() => readList(clients, engine));
  // Serialised as it is kept: a request pays neither the schema's check nor JSON.stringify (decision 013).
  const byId = new ClientByIdCache(async (id) => {
    const found = await clients.findById(id);
    return found && serializeClient(found);
  });
  engine.onCommit('clients', () => {
    cache.invalidate();
    byId.invalidate();
  });

  return {
    async list(headers: ListRequestHeaders): Promise<ListResponse> {
      const list = await cache.get();
      const encoding = list.body.length >= MIN_COMPRESSIBLE_BYTES ? preferredEncoding(headers['accept-encoding']) : undefined;
      const etag = encodedEtag(list.etag, encoding);
      if (matchesListIfNoneMatch(headers['if-none-match'], list.etag)) return { etag, notModified: true };
      return { etag, notModified: false, encoding, body: encoding ? await list.encoded(encoding) : list.body };
    },

    /** The whole list for an export, uncompressed, and how many clients it holds. */
    async whole(): Promise<{ body: SerializedBody<Client[]>; count: number }> {
      const { body, count } = await cache.get();
      return { body, count };
    },

    /** A live client's JSON and its version (the ETag); undefined when there is no such live client. */
    client: (id: string): Promise<SerializedClient | undefined> => byId.get(id),
  };
}

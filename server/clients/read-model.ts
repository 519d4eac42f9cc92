/**
 * What GET /api/clients and GET /api/clients/:id send: one Buffer per version of the list, its codings and an
 * index of its ids, never older than the database (docs/decisions/002-clients-read-model.md).
 */
import { createHash } from 'node:crypto';
import type { Client } from '#contract/api';
import type { DatabaseEngine } from '../db/engine.ts';
import { encode, MIN_COMPRESSIBLE_BYTES, preferredEncoding, type ContentEncoding } from '../http/content-encoding.ts';
import type { ClientsRepository } from '../repositories/clients.ts';
import type { SerializedBody } from '../zod-type-provider.ts';

/** What every client's JSON starts with (toClient and the repository's JSON put `_id` first). */
const ID_PREFIX = Buffer.from('{"_id":"');

/** FNV-1a over the id's bytes (ASCII): the same for the id as a string and in the body. */
function hashId(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/**
 * A byte of the contract's ClientId alphabet (letters, digits, '_' and '-'): ids made of
 * these appear in the JSON exactly as they are, one byte per character.
 */
function isPlainIdByte(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f || byte === 0x2d
  );
}

function hashIdBytes(body: Buffer, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index += 1) hash = Math.imul(hash ^ (body[index] as number), 0x01000193);
  return hash >>> 0;
}

export class SerializedList {
  /** The JSON array, ready to send. */
  readonly body: SerializedBody<Client[]>;
  /** A strong validator of `body` (quoted, as sent in the ETag header). */
  readonly etag: string;
  /** The byte range of client i's JSON in `body`: [start, end) at 2i and 2i + 1. */
  readonly #ranges: Uint32Array;
  /**
   * Positions by id: open addressing (slot → position + 1, 0 = empty), keys read from `body`; typed arrays, a
   * few bytes per id outside V8's heap. Undefined when some id is not in the plain form the table compares.
   */
  readonly #slots: Uint32Array | undefined;
  readonly #encoded = new Map<ContentEncoding, Promise<SerializedBody<Client[]>>>();

  constructor(body: Buffer, ranges: Uint32Array) {
    this.body = body as SerializedBody<Client[]>;
    this.#ranges = ranges;
    this.#slots = this.#buildIndex();
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  }

  get size(): number {
    return this.#ranges.length / 2;
  }

  #idEnd(position: number): number {
    // The id runs from after the prefix to its closing quote.
    return this.body.indexOf(0x22, (this.#ranges[position * 2] as number) + ID_PREFIX.length);
  }

  /** The index, or undefined when some client's JSON does not start with a plain id. */
  #buildIndex(): Uint32Array | undefined {
    let capacity = 16;
    while (capacity < this.size * 2) capacity *= 2;
    const slots = new Uint32Array(capacity);
    for (let position = 0; position < this.size; position += 1) {
      const jsonStart = this.#ranges[position * 2] as number;
      const start = jsonStart + ID_PREFIX.length;
      const end = this.#idEnd(position);
      if (!this.body.subarray(jsonStart, start).equals(ID_PREFIX) || end <= start) return undefined;
      for (let index = start; index < end; index += 1) if (!isPlainIdByte(this.body[index] as number)) return undefined;
      let slot = hashIdBytes(this.body, start, end) & (capacity - 1);
      while (slots[slot] !== 0) slot = (slot + 1) & (capacity - 1);
      slots[slot] = position + 1;
    }
    return slots;
  }

  /** Whether client `position`'s id is `id`. */
  #hasId(position: number, id: string): boolean {
    const start = (this.#ranges[position * 2] as number) + ID_PREFIX.length;
    return this.#idEnd(position) - start === id.length && this.body.toString('latin1', start, start + id.length) === id;
  }

  /** Whether `client(id)` works: every id is in the plain form the index holds. */
  get indexed(): boolean {
    return this.#slots !== undefined;
  }

  /**
   * The JSON of one client of the list (a view into `body`), or undefined when it is not in
   * the list. An id the index cannot hold (not in the plain form) is never equal to one it holds.
   */
  client(id: string): SerializedBody<Client> | undefined {
    const slots = this.#slots;
    if (!slots) throw new Error('This list has no index of its clients (see indexed)');
    const mask = slots.length - 1;
    for (let slot = hashId(id) & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
      const position = (slots[slot] as number) - 1;
      if (this.#hasId(position, id))
        return this.body.subarray(this.#ranges[position * 2], this.#ranges[position * 2 + 1]) as SerializedBody<Client>;
    }
    return undefined;
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
  #ranges = new Uint32Array(1024);
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
    if (this.#ranges.length < (this.#count + 1) * 2) {
      const grown = new Uint32Array(this.#ranges.length * 2);
      grown.set(this.#ranges);
      this.#ranges = grown;
    }
    this.#ranges[this.#count * 2] = this.#offset;
    this.#offset += this.#body.write(json, this.#offset);
    this.#ranges[this.#count * 2 + 1] = this.#offset;
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
    return new SerializedList(this.#body.subarray(0, this.#offset), this.#ranges.slice(0, this.#count * 2));
  }
}

/** Where the cache gets the list: already serialised, with a SerializedListBuilder. */
export type ClientListSource = () => Promise<SerializedList>;

export class ClientListCache {
  readonly #load: ClientListSource;
  #current: SerializedList | undefined;
  #pending: Promise<SerializedList> | undefined;
  /** Bumped by every write; a rebuild started under an older generation is not kept. */
  #generation = 0;

  constructor(load: ClientListSource) {
    this.#load = load;
  }

  /** The list as cached right now, without loading it: undefined after a write until the next `get()`. */
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

  /** Called after every committed write to the clients table, this process's or another's. */
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

/**
 * Whether an If-None-Match header matches `etag` (weak comparison, RFC 9110 section 13.1.2),
 * in any of its content codings: a browser that holds the brotli form holds the same list.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some(
    (candidate) =>
      candidate
        .trim()
        .replace(/^W\//, '')
        .replace(/-(?:br|gzip)"$/, '"') === etag,
  );
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

export function createClientsReadModel(clients: ClientsRepository, engine: DatabaseEngine) {
  const cache = new ClientListCache(() => readList(clients, engine));
  engine.onCommit('clients', () => cache.invalidate());

  return {
    async list(headers: ListRequestHeaders): Promise<ListResponse> {
      const list = await cache.get();
      const encoding = list.body.length >= MIN_COMPRESSIBLE_BYTES ? preferredEncoding(headers['accept-encoding']) : undefined;
      const etag = encodedEtag(list.etag, encoding);
      if (matchesIfNoneMatch(headers['if-none-match'], list.etag)) return { etag, notModified: true };
      return { etag, notModified: false, encoding, body: encoding ? await list.encoded(encoding) : list.body };
    },

    /**
     * One client's JSON, or undefined when there is no such client: at once from the list in
     * memory, from the database (a promise) while the list is not there.
     */
    client(id: string): SerializedBody<Client> | undefined | Promise<SerializedBody<Client> | undefined> {
      const list = cache.current();
      if (list?.indexed) return list.client(id);
      return clients.findById(id).then((client) => client && (Buffer.from(JSON.stringify(client)) as SerializedBody<Client>));
    },

    /** Called after every write to the clients table. */
    invalidate(): void {
      cache.invalidate();
    },
  };
}

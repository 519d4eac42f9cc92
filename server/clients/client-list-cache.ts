/**
 * GET /api/clients answered from memory: the whole list serialised once into a Buffer with
 * a strong ETag, kept until a write invalidates it. Reads then cost no database query and
 * no JSON serialisation, and a client that already has the list gets a 304.
 *
 * Writes call `invalidate()` in the same code path that commits them (see client-store.ts),
 * and a rebuild that raced with a write is thrown away instead of cached, so the cache never
 * serves a list older than the last acknowledged write.
 */
import { createHash } from 'node:crypto';
import type { Client } from '../../contract/api.js';

export type SerializedList = {
  /** The JSON array, ready to send. */
  body: Buffer;
  /** A strong validator of `body` (quoted, as sent in the ETag header). */
  etag: string;
};

export function serializeList(clients: readonly Client[]): SerializedList {
  const body = Buffer.from(JSON.stringify(clients));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag };
}

export class ClientListCache {
  readonly #load: () => Promise<readonly Client[]>;
  #current: SerializedList | undefined;
  #pending: Promise<SerializedList> | undefined;
  /** Bumped by every write; a rebuild started under an older generation is not kept. */
  #generation = 0;

  constructor(load: () => Promise<readonly Client[]>) {
    this.#load = load;
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
      const list = serializeList(await this.#load());
      if (generation === this.#generation) this.#current = list;
      return list;
    } finally {
      if (generation === this.#generation) this.#pending = undefined;
    }
  }

  /** Called after every committed write to the clients table. */
  invalidate(): void {
    this.#generation += 1;
    this.#current = undefined;
    this.#pending = undefined;
  }
}

/** Whether an If-None-Match header matches `etag` (weak comparison, RFC 9110 section 13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

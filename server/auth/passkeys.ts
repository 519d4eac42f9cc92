/**
 * Passkeys (issue 30, docs/decisions/030-passkeys.md): the shared ceremonies (contract/passkey-ceremonies.ts) on the
 * server's tables. The relying party is PUBLIC_ORIGIN (else the origin the request was sent to, as the cross-site
 * guard reads it) and its id that origin's host.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { createPasskeyCeremonies, type RelyingParty } from '#contract/passkey-ceremonies';
import type { Database } from '../db/schema.ts';
import { createPasskeyStore } from '../repositories/passkeys.ts';

export type PasskeysOptions = { publicOrigin: string | null; clock: () => number };

export function createPasskeys(db: Kysely<Database>, { publicOrigin, clock }: PasskeysOptions) {
  return {
    ...createPasskeyCeremonies(createPasskeyStore(db), clock),

    /** The relying party a request talks to: PUBLIC_ORIGIN, else the origin it was sent to. */
    relyingParty(request: FastifyRequest): RelyingParty {
      const origin = publicOrigin ?? new URL(`${request.protocol}://${request.host}`).origin;
      return { origin, rpID: new URL(origin).hostname };
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;

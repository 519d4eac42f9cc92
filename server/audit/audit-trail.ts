/**
 * The audit trail: who used which access (issue 28). Entries are only ever added; the databases refuse to change one
 * or to remove one younger than MIN_AUDIT_KEEP_DAYS (migration 0007), and the purge removes those older than
 * AUDIT_KEEP_DAYS (docs/decisions/026-roles-and-the-audit-trail.md).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditRecord } from '#contract/http';
import type { Database } from '../db/schema.ts';

/** A User-Agent is kept to this many characters: enough to tell a browser, not a place to store a payload. */
const MAX_USER_AGENT = 512;

export function createAuditTrail(db: Kysely<Database>, clock: () => number = Date.now) {
  return {
    /** Adds an entry, with where the request came from. */
    async record(request: FastifyRequest, { kind, actor, subject = null, detail = null }: AuditRecord): Promise<void> {
      await db
        .insertInto('audit_entries')
        .values({
          at: new Date(clock()).toISOString(),
          kind,
          actor,
          subject,
          detail,
          ip: request.ip,
          user_agent: request.headers['user-agent']?.slice(0, MAX_USER_AGENT) ?? null,
        })
        .execute();
    },
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;

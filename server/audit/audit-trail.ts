/**
 * The audit trail: who used which access (issue 28). Entries are only ever added; the databases refuse to change one
 * or to remove one younger than MIN_AUDIT_KEEP_DAYS (migration 0007), and the purge removes those older than
 * AUDIT_KEEP_DAYS (docs/decisions/026-roles-and-the-audit-trail.md).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditRecord } from '#contract/http';
import type { Database } from '../db/schema.ts';
import { createAuditRepository } from '../repositories/audit.ts';

export function createAuditTrail(db: Kysely<Database>, clock: () => number = Date.now) {
  const entries = createAuditRepository(db);
  return {
    /** Adds an entry, with where the request came from. */
    async record(request: FastifyRequest, entry: AuditRecord): Promise<void> {
      await entries.record({ ...entry, ip: request.ip, userAgent: request.headers['user-agent'] }, new Date(clock()));
    },
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;

/**
 * The audit trail's reading and keeping (issue 28): its entries for the owner's page, and the purge of those older
 * than AUDIT_KEEP_DAYS, on start and hourly. Entries are written by `app.auditTrail` (plugins/auth.ts); the database
 * refuses to change one, or to remove one younger than MIN_AUDIT_KEEP_DAYS (migration 0007).
 */
import fp from 'fastify-plugin';
import { MIN_AUDIT_KEEP_DAYS } from '#contract/team';
import { daysBefore } from '#contract/time-windows';
import { createAuditRepository, type AuditRepository } from '../repositories/audit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auditEntries: AuditRepository;
  }
}

const PURGE_INTERVAL_MS = 3_600_000;

export const auditPlugin = fp<{ clock: () => number; keepDays: number }>(
  async (app, { clock, keepDays }) => {
    // The triggers would refuse the purge of younger entries: a shorter keeping time is a mistake, said at the start.
    if (!Number.isInteger(keepDays) || keepDays < MIN_AUDIT_KEEP_DAYS) {
      throw new Error(`AUDIT_KEEP_DAYS must be a whole number of at least ${MIN_AUDIT_KEEP_DAYS}, not ${keepDays}`);
    }
    const entries = createAuditRepository(app.db);
    app.decorate('auditEntries', entries);
    const purge = app.backgroundTasks.every('Purging old audit entries', PURGE_INTERVAL_MS, async () => {
      const purged = await entries.purgeBefore(daysBefore(clock(), keepDays).toISOString());
      if (purged > 0) app.log.info({ purged }, 'Purged audit entries past AUDIT_KEEP_DAYS');
    });
    await purge();
  },
  { name: 'audit', dependencies: ['background-tasks', 'database'] },
);

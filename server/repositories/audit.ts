/** The audit trail's entries (audit_entries): added, read newest first (a page at a time or all), and purged when old. */
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { AuditRecord } from '#contract/http';
import { auditPageOf, type AuditEntry, type AuditExportQuery, type AuditPage, type AuditQuery } from '#contract/team';
import type { AuditEntriesTable, Database } from '../db/schema.ts';

type AuditRow = Selectable<AuditEntriesTable>;

/** A User-Agent is kept to this many characters: enough to tell a browser, not a place to store a payload. */
const MAX_USER_AGENT = 512;

/** An entry to add: what happened, and where the request came from (the mock has no network: no address). */
type AuditSource = { ip?: string | null; userAgent?: string | null };

function entryOf(row: AuditRow): AuditEntry {
  return {
    // PostgreSQL's bigint arrives as a string.
    seq: Number(row.seq),
    at: row.at,
    kind: row.kind,
    actor: row.actor,
    subject: row.subject,
    detail: row.detail,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

export function createAuditRepository(db: Kysely<Database>) {
  /** The entries `filter` matches: an account that did it or had it done to it, a kind; newest first. */
  function matching({ account, kind }: AuditExportQuery): SelectQueryBuilder<Database, 'audit_entries', AuditRow> {
    let query = db.selectFrom('audit_entries').selectAll().orderBy('seq', 'desc');
    if (account !== undefined) query = query.where((eb) => eb.or([eb('actor', '=', account), eb('subject', '=', account)]));
    if (kind !== undefined) query = query.where('kind', '=', kind);
    return query;
  }

  return {
    /** Adds an entry at `now`; the entry as stored. */
    async record(
      { kind, actor, subject = null, detail = null, ip = null, userAgent = null }: AuditRecord & AuditSource,
      now: Date,
    ): Promise<AuditEntry> {
      const row = await db
        .insertInto('audit_entries')
        .values({ at: now.toISOString(), kind, actor, subject, detail, ip, user_agent: userAgent?.slice(0, MAX_USER_AGENT) ?? null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return entryOf(row);
    },

    /** Up to `size` entries older than `before`, and the seq to ask for the next page with (null: no more). */
    async page({ before, ...filter }: AuditQuery, size: number): Promise<AuditPage> {
      let query = matching(filter).limit(size + 1);
      if (before !== undefined) query = query.where('seq', '<', before);
      return auditPageOf((await query.execute()).map(entryOf), size);
    },

    async all(filter: AuditExportQuery): Promise<AuditEntry[]> {
      return (await matching(filter).execute()).map(entryOf);
    },

    /** Removes the entries recorded before `cutoff` (an ISO time); how many. */
    async purgeBefore(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('audit_entries').where('at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
